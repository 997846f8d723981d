// The wait before a dashboard appears, in a student's words, its seconds counted: "Starting Python... 4 s" rather
// than "Starting up kernel...". Shared by the classroom's Voila template and the static site's pages
// (classroom_site/build.py), each of which puts it after Voila's own loading helpers, which it replaces.
(function () {
  const began = Date.now();
  let stage = "Loading the page";
  const show = () => {
    const text = document.getElementById("loading_text");
    if (text) text.textContent = `${stage}... ${Math.round((Date.now() - began) / 1000)} s`;
  };
  const voilas = window.update_loading_text;
  window.update_loading_text = function (index, count, text) {
    stage = /kernel/i.test(text || "") ? "Starting Python (a few seconds)"
                                       : "Preparing the dashboard";
    const spinner = document.getElementById("loading");
    if (spinner && spinner.style.display === "none") spinner.style.display = "flex";
    show();
  };
  if (window.voila_process === voilas) window.voila_process = window.update_loading_text;  // a cell run, the same
  const clock = setInterval(() => (document.getElementById("loading") ? show() : clearInterval(clock)), 500);
})();
