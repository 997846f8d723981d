// A download (zaarlab.ui.download.Download): the browser saves the file the kernel offers.
export default {
  render({ model, el }) {
    model.on("change:file", () => {
      const file = model.get("file");
      if (!file.name) return;
      const url = URL.createObjectURL(new Blob([file.text], { type: file.type || "application/json" }));
      const link = Object.assign(document.createElement("a"), { href: url, download: file.name });
      el.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    });
  },
};
