// The page of the class's tables: it sends the student's choices to the socket and draws what the server sends back
// (the list of tables, this student's view of a table, a refusal in words). It holds no game and no rule.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const here = location.pathname.replace(/\/zaarlab\/play\/?$/, "");
  const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${here}/zaarlab/play/socket`);
  let games = {}, shown = null, view = null, drawnBefore = false, hintedAt = null;

  const send = (message) => { $("refused").textContent = ""; socket.send(JSON.stringify(message)); };
  const button = (text, act) => {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = text; b.addEventListener("click", act); return b;
  };
  const element = (tag, text) => { const e = document.createElement(tag); e.textContent = text; return e; };

  function drawSeats() {
    const seats = $("seats"), game = games[$("game").value];
    $("limit").hidden = !game.turns;
    seats.replaceChildren();
    for (let i = 0; i < Number($("count").value); i++) {
      const label = element("label", `Seat ${i + 1} `), menu = document.createElement("select");
      menu.className = "seat";
      if (i === 0) menu.append(new Option("you", "person"));
      else [["a classmate", "person"], ...game.bots.map((b) => [`the ${b} bot`, b])].forEach(([t, v]) => menu.append(new Option(t, v)));
      label.append(menu); seats.append(label, " ");
    }
  }

  function drawTables(lobby) {
    if (lobby.games && !Object.keys(games).length) {
      games = lobby.games;
      for (const [name, game] of Object.entries(games)) $("game").append(new Option(game.title, name));
      drawSeats();
    }
    $("finished").replaceChildren(...lobby.finished.map((f) => {
      const item = element("li", `${games[f.game] ? games[f.game].title : f.game}: ${f.over} `);
      item.append(button("replay it", () => send({do: "replay", table: f.table, moment: f.moments - 1})));
      return item;
    }));
    $("finished-box").hidden = !lobby.finished.length;
    const tables = $("tables");
    tables.replaceChildren();
    if (!lobby.tables.length) { tables.append(element("p", "No table yet: open one below.")); return; }
    const list = document.createElement("table");
    list.append(element("caption", "Tables still playing"));
    for (const t of lobby.tables) {
      const row = list.insertRow(), title = games[t.game] ? games[t.game].title : t.game;
      row.insertCell().textContent = title;
      const who = row.insertCell();
      t.seats.forEach((kind, seat) => {
        const sitter = t.sitters[seat];
        if (sitter) who.append(element("span", `${seat + 1}: ${sitter}`), " ");
        else if (kind !== "person") who.append(element("span", `${seat + 1}: the ${kind} bot`), " ");
        else if (!t.mine) who.append(button(`sit at seat ${seat + 1}`, () => send({do: "sit", table: t.table, seat})), " ");
        else who.append(element("span", `${seat + 1}: a free seat`), " ");
      });
      const go = row.insertCell();
      if (t.mine) go.append(button(`go to your ${title} table`, () => send({do: "look", table: t.table})));
    }
    tables.append(list);
  }

  let plotly = null;  // plotly.js, fetched the first time a game with a map is shown
  function drawMap(figure) {
    $("map").hidden = !figure;
    $("play-area").classList.toggle("with-map", Boolean(figure));  // on a wide screen, the moves beside the map
    if (!figure) return;
    $("map").setAttribute("aria-label", figure.layout.title ? `the map: ${figure.layout.title.text}` : "the map");
    plotly = plotly || new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = `${here}/zaarlab/play/plotly.js`;
      script.onload = () => resolve(window.Plotly);
      script.onerror = () => reject(new Error("the map's script did not load"));
      document.head.append(script);
    });
    plotly.then((Plotly) => Plotly.react($("map"), figure.data, {...figure.layout, autosize: true, height: undefined},
                                        {displayModeBar: false, responsive: true}))
      .then((map) => {
        if (!map.dataset.clicks) {  // once: the map keeps its listener when drawn again
          map.dataset.clicks = "yes";
          map.on("plotly_click", (event) => movesAbout(event.points[0] && event.points[0].customdata));
        }
      })
      .catch((error) => { $("refused").textContent = `The map cannot be drawn: ${error.message}; reload the page.`; });
  }

  function movesAbout(place) {  // a click on the map: the moves about that place first, marked, and said how many
    if (!view || !view.moves.length || typeof place !== "string") return;
    const about = [...$("moves").querySelectorAll("button")].filter((b) => JSON.parse(b.dataset.places).includes(place));
    for (const b of $("moves").querySelectorAll("button")) b.classList.toggle("about", about.includes(b));
    $("moves").prepend(...about);
    $("moves").scrollTop = 0;
    $("about").textContent = about.length
      ? `${about.length} of your moves ${about.length === 1 ? "is" : "are"} about ${view.place_names[place]}: first in the list, marked.`
      : "None of your moves now is about that place.";
    if (about.length) about[0].focus();
  }

  function drawReplay(v) {  // a finished game's moments, one at a time: its end first, then back and forth
    const bar = $("replay");
    bar.hidden = !(v.replay || v.over);
    if (bar.hidden) return;
    const at = v.replay ? v.replay.moment : null, last = v.replay ? v.replay.of - 1 : null;
    const go = (moment) => send({do: "replay", table: v.table, moment});
    const step = ([words, moment]) => {
      const b = button(words, () => go(moment));
      b.disabled = moment < 0 || moment > last || moment === at;
      return b;
    };
    const buttons = v.replay ? [["the start", 0], ["one move back", at - 1], ["one move on", at + 1], ["the end", last]].map(step)
      : [button("replay this game move by move", () => go(0))];
    bar.replaceChildren(...buttons);
  }

  function drawView(v) {
    const drawn = Boolean(v.figure || v.zones.length);  // a map or the cards: the words folded
    if (v.table !== shown || drawn !== drawnBefore) $("words").open = !drawn;
    if (v.table !== shown) hintedAt = null;
    drawnBefore = drawn;
    view = v; shown = v.table;
    $("lobby").hidden = true; $("table").hidden = false;
    $("table-title").textContent = `${games[v.game] ? games[v.game].title : v.game}: you are at seat ${v.seat + 1}`;
    const waiting = v.to_move === null ? "" : v.seats[v.to_move];
    const told = v.over ? `The game is over: ${v.over}.` : v.moves.length
      ? `Your turn (move ${v.played + 1}): choose one of your moves.` : `Waiting for ${waiting} (move ${v.played + 1}).`;
    $("turn").textContent = v.replay ? `Replay, moment ${v.replay.moment + 1} of ${v.replay.of}: ${v.over
      ? told : v.to_move === v.seat ? `your turn (move ${v.played + 1}).` : `${waiting}'s turn (move ${v.played + 1}).`}`
      : told;
    drawReplay(v);
    if (v.step !== hintedAt) $("hint").textContent = "";  // a hint is for the step it was asked at
    $("ask-hint").hidden = !v.hint;
    $("ask-hint").disabled = v.step === hintedAt;
    $("standing").textContent = v.standing ? `${v.standing[0].toUpperCase()}${v.standing.slice(1)}.` : "";
    $("notes").replaceChildren(...v.notes.map((n) => element("li", n)), ...v.decisions.map((d) => element("li", d)));
    $("moves").replaceChildren(...v.moves.map((words, choice) => {
      const b = button(words, () => {
        for (const other of $("moves").querySelectorAll("button")) other.disabled = true;  // one move per step
        send({do: "move", table: v.table, step: v.step, choice});
      });
      b.dataset.places = JSON.stringify(v.places[choice]);
      return b;
    }));
    $("about").textContent = v.figure && v.places.some((places) => places.length)
      ? "A click on the map finds your moves about that place." : "";
    $("board").replaceChildren(...v.board.flatMap(([part, text]) => [element("dt", part), element("dd", text)]));
    $("pieces").hidden = !v.zones.length;
    layZones($("pieces"), v.zones);  // a picture: the moves are the buttons
    $("odds-box").hidden = !v.odds;
    $("odds").replaceChildren(...v.odds.split("\n").map((line) => element("p", line)));
    $("story").replaceChildren(...v.story.map((line) => element("li", line)));
    drawMap(v.figure);
  }

  socket.addEventListener("open", () => { $("status").textContent = "Connected."; });
  socket.addEventListener("close", () => { $("status").textContent = "Disconnected: reload the page to come back to your seat."; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.refused) {
      $("refused").textContent = `Not allowed: ${message.refused}.`;
      if (view) drawView(view);  // the buttons back, as they were
    }
    if (message.ended && message.ended === shown) {  // the teacher ended or restarted it: back to the list
      shown = null; view = null; $("table").hidden = true; $("lobby").hidden = false;
      $("refused").textContent = `${message.why[0].toUpperCase()}${message.why.slice(1)}.`;
    }
    if (message.tables) drawTables(message.tables);
    if (message.view && (shown === null || message.view.table === shown)) drawView(message.view);
    if (message.hint && message.hint.table === shown && view) {
      hintedAt = view.step;
      $("hint").textContent = `Hint: ${message.hint.words[0].toUpperCase()}${message.hint.words.slice(1)}.`;
      $("ask-hint").disabled = true;
    }
  });
  $("ask-hint").addEventListener("click", () => send({do: "hint", table: shown}));
  $("game").addEventListener("change", drawSeats);
  $("count").addEventListener("change", drawSeats);
  $("open").addEventListener("click", () => {
    const turns = $("limit").hidden || !$("turns").value ? null : Number($("turns").value);
    const deal = $("deal").value === "" ? null : Number($("deal").value);
    send({do: "open", game: $("game").value, turns, deal, seats: [...document.querySelectorAll(".seat")].map((s) => s.value)});
  });
  $("back").addEventListener("click", () => {
    shown = null; view = null; $("table").hidden = true; $("lobby").hidden = false; send({do: "tables"});
  });
})();
