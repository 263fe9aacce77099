// nekolib board: draws the game's SVG, highlights click targets, reports clicks.
// All game logic stays in Python; this module only draws, reports and moves the focus.
//
// Keyboard (issue 31): the targets share one tab stop (roving tabindex); the arrow keys
// move a focus ring to the nearest target in that direction, Home/End to the first/last,
// Enter or Space presses the focused target, Escape clears the picks. When the picture is
// redrawn the focus goes back to the same target, else to the nearest one, else to the
// board itself, so it is never lost to the page. Screen readers: the board is a named
// group, each target a button with a name saying what it is and what a press does, the
// position as text sits under the board, and a polite live region reads out moves,
// dice and hints.
const HELP =
  "Arrow keys move between the parts you can press, Enter or Space presses one, " +
  "Escape clears your picks. The move list under the board has every move too.";

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "nekolib-board-view";
  root.setAttribute("role", "group");
  root.tabIndex = -1;
  const uid = "nkb-" + Math.random().toString(36).slice(2, 10);
  const stage = document.createElement("div");
  stage.className = "nekolib-board-stage";
  const ring = document.createElement("div");
  ring.className = "nk-focus-ring";
  ring.hidden = true;
  const help = document.createElement("p");
  help.className = "nekolib-sr-only";
  help.id = uid + "-help";
  help.textContent = HELP;
  help.hidden = true; // read as the board's description (aria-describedby), not twice
  const live = document.createElement("div");
  live.className = "nekolib-sr-only nekolib-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  const words = document.createElement("details");
  words.className = "nekolib-board-text";
  const wordsTitle = document.createElement("summary");
  wordsTitle.textContent = "Position as text";
  const wordsBody = document.createElement("pre");
  words.append(wordsTitle, wordsBody);
  // Shown when a press is not answered within a moment (the kernel is busy, e.g. under
  // Run All, or there is none); until the answer comes no further press is sent.
  // (Seen above the board; screen readers hear it from the live region.)
  const wait = document.createElement("p");
  wait.className = "nekolib-wait";
  wait.hidden = true;
  root.setAttribute("aria-describedby", help.id);
  root.append(wait, stage, ring, help, live, words);
  el.appendChild(root);
  // The widget's box is put into the page after render() returns: look for it then too.
  for (const ms of [0, 200, 1000, 3000]) setTimeout(landmark, ms);

  function landmark() {
    // The game's box (the widget around this board) is a named region, so that its content
    // is inside a landmark (axe: region).
    const game = el.closest(".nekolib-game");
    if (game && game.getAttribute("role") !== "region") {
      // Two games in one page get different names (axe: landmark-unique): "Neko Boss 2".
      const name = (model.get("label") || "Game board").replace(/ board$/, "");
      const names = new Set(
        [...document.querySelectorAll("[role=region]")].map((r) => r.getAttribute("aria-label")),
      );
      let unique = name;
      for (let n = 2; names.has(unique); n++) unique = `${name} ${n}`;
      game.setAttribute("role", "region");
      game.setAttribute("aria-label", unique);
    }
    // A launcher around the game (its choices above the board) is a region of its own.
    const outer = game && game.parentElement && game.parentElement.closest(".nekolib-launcher");
    if (outer && outer.getAttribute("role") !== "region") {
      outer.setAttribute("role", "region");
      outer.setAttribute("aria-label", `${game.getAttribute("aria-label")} and its settings`);
    }
    if (game && !watched) {
      watched = true;
      game.addEventListener("keydown", () => {
        keyAt = performance.now();
      }, true);
      game.addEventListener("click", pressed, true);
      watchedGame = game;
    }
  }

  // A move played with a button under the board (or the move list) can redraw that button
  // away; Chromium then leaves the focus on the page's body. If a key was pressed in this
  // game lately, the focus comes back to the board instead of to the top of the page.
  let watched = false;
  let watchedGame = null;
  let keyAt = -Infinity;
  function rescue() {
    const a = document.activeElement;
    const lost = !a || a === document.body || !a.isConnected;
    if (!lost || performance.now() - keyAt > 15000 || !root.isConnected) return;
    const next = targets.find((t) => t.getAttribute("tabindex") === "0") || targets[0];
    if (next) {
      rove(next);
      next.focus({ preventScroll: true });
      placeRing(next);
    } else {
      const ready = stage.querySelector(".nekolib-ready");
      (ready || root).focus({ preventScroll: true });
    }
  }

  // A press waits for the kernel's answer (the model's "answered" counter); a second press
  // meanwhile is not queued but refused, and said so where it was made. The game's buttons
  // whose press goes to the kernel (class nekolib-press: Undo, Hint, New game, Solve, the
  // free moves...) share this wait: the board stops such a press before it is sent.
  let waiting = null; // {answered, timer, refused, at} while a press is unanswered
  const WAIT_MS = 700;
  const SAID_MS = 10000;
  // Said next to the button pressed (the notice above the board is for board presses).
  const note = document.createElement("p");
  note.className = "nekolib-wait nekolib-wait-press";
  note.hidden = true;
  let noteTimer = null;
  let ignored = ""; // said after the next announcement: presses refused while waiting
  function plural(n, word) {
    return `${n} ${word}${n === 1 ? "" : "es"}`;
  }
  function waitWords(refused) {
    const stay = "If this stays, run the notebook's cells (Run All): the board needs a running kernel.";
    if (!refused) return `Waiting for the kernel... ${stay}`;
    const count = refused > 1 ? ` (${plural(refused, "press")} not sent so far)` : "";
    return `Waiting for the kernel... Your first press counts once it answers; this one was not sent${count}. ${stay}`;
  }
  function tell(words, at) {
    // `at`: the row of the button pressed, or null for the board (notice above it).
    clearTimeout(noteTimer);
    if (at && at.isConnected) {
      at.after(note);
      note.textContent = words;
      note.hidden = false;
      wait.hidden = true;
    } else {
      wait.textContent = words;
      wait.hidden = false;
      note.hidden = true;
    }
    live.textContent = words;
  }
  function untell() {
    clearTimeout(noteTimer);
    wait.hidden = note.hidden = true;
    wait.textContent = note.textContent = "";
  }
  function answered() {
    if (!waiting || model.get("answered") === waiting.answered) return;
    const { timer, refused, at } = waiting;
    clearTimeout(timer);
    waiting = null;
    delete root.dataset.waiting;
    root.removeAttribute("aria-busy");
    untell();
    if (refused) {
      const words =
        `The kernel answered your first press; ${plural(refused, "press")} made while ` +
        `it was busy ${refused === 1 ? "was" : "were"} ignored.`;
      // Read out after the answer's own announcement (speak() adds it), else alone.
      ignored = words;
      setTimeout(() => {
        if (waiting) {
          ignored = ""; // a new press is already on its way
          return;
        }
        const spoken = !ignored;
        const heard = live.textContent;
        tell(words, at);
        if (spoken) live.textContent = heard; // the answer's words, then these
        ignored = "";
        noteTimer = setTimeout(untell, SAID_MS);
      }, 60);
    }
  }
  function begin(at) {
    // A press is on its way to the kernel: say so if the answer takes more than a moment.
    untell();
    root.dataset.sent = String(performance.now());
    root.dataset.waiting = "true"; // until the answer (tests wait on it before a press)
    const timer = setTimeout(() => {
      if (!waiting) return;
      tell(waitWords(0), waiting.at);
      root.setAttribute("aria-busy", "true");
    }, WAIT_MS);
    waiting = { answered: model.get("answered"), timer, refused: 0, at };
  }
  function refuse(at) {
    waiting.refused += 1;
    waiting.at = at;
    tell(waitWords(waiting.refused), at);
  }
  function send(message) {
    if (message.event === "clear") {
      model.send(message);
      return;
    }
    if (waiting) {
      refuse(null);
      return;
    }
    begin(null);
    model.send(message);
  }
  function pressed(event) {
    // Capture phase on the game, before the button's own view sends the press.
    const button = event.target.closest && event.target.closest("button.nekolib-press");
    if (!button || !root.isConnected) return;
    const at = button.closest(".widget-box") || button;
    if (waiting) {
      event.preventDefault();
      event.stopImmediatePropagation();
      refuse(at);
      return;
    }
    begin(at);
  }

  // The width the board really has: Python draws the narrow layout below a threshold.
  let sentWidth = -1;
  function measure() {
    const w = Math.round(el.getBoundingClientRect().width || root.getBoundingClientRect().width);
    if (!w || Math.abs(w - sentWidth) < 8) return;
    sentWidth = w;
    model.set("width", w);
    model.save_changes();
  }

  async function inflate(view) {
    if (!view || view.byteLength === 0) return "";
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return await new Response(stream).text();
  }

  let latest = 0;
  let lastBytes = null;
  let lastSvg = "";
  async function picture() {
    // A click that only selects sends no new picture: reuse the one already inflated.
    const bytes = model.get("svgz");
    if (!bytes || bytes.byteLength === 0) return model.get("svg_text");
    if (bytes !== lastBytes) {
      lastSvg = await inflate(bytes);
      lastBytes = bytes;
    }
    return lastSvg;
  }

  // ------------------------------------------------------------------ focus
  let targets = []; // the target nodes of the picture now shown, in the model's order

  function centre(node) {
    const r = node.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  function placeRing(node) {
    // Only for the keyboard (:focus-visible): a mouse click focuses a part with no ring.
    if (!node || !root.contains(node) || !node.matches(":focus-visible")) {
      ring.hidden = true;
      return;
    }
    const r = node.getBoundingClientRect();
    const base = root.getBoundingClientRect();
    const pad = 4;
    ring.style.left = `${r.left - base.left + root.scrollLeft - pad}px`;
    ring.style.top = `${r.top - base.top + root.scrollTop - pad}px`;
    ring.style.width = `${r.width + 2 * pad}px`;
    ring.style.height = `${r.height + 2 * pad}px`;
    ring.hidden = false;
  }

  function rove(node) {
    // One tab stop: the focused (or first) target is tabindex 0, every other one -1.
    for (const t of targets) t.setAttribute("tabindex", t === node ? "0" : "-1");
  }

  function focusTarget(node) {
    if (!node) return;
    rove(node);
    node.focus({ preventScroll: false });
    placeRing(node);
  }

  function nearest(from, candidates) {
    let best = null;
    let bestD = Infinity;
    for (const c of candidates) {
      const p = centre(c);
      const d = (p.x - from.x) ** 2 + (p.y - from.y) ** 2;
      if (d < bestD) {
        best = c;
        bestD = d;
      }
    }
    return best;
  }

  function step(current, key) {
    // The nearest target in the arrow's direction (a cone of +-60 degrees, distance
    // weighted against drift sideways); if none, wrap to the next/previous in order.
    const i = targets.indexOf(current);
    if (i < 0) return targets[0];
    const from = centre(current);
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
    let best = null;
    let bestScore = Infinity;
    for (const c of targets) {
      if (c === current) continue;
      const p = centre(c);
      const dx = p.x - from.x;
      const dy = p.y - from.y;
      const along = dx * dir[0] + dy * dir[1];
      const across = Math.abs(dx * dir[1] - dy * dir[0]);
      if (along <= 0.5 || across > along * 1.8) continue;
      const score = along + 2 * across;
      if (score < bestScore) {
        best = c;
        bestScore = score;
      }
    }
    if (best) return best;
    const forward = key === "ArrowRight" || key === "ArrowDown";
    return targets[(i + (forward ? 1 : targets.length - 1)) % targets.length];
  }

  function activeTarget() {
    const a = document.activeElement;
    return a && stage.contains(a) && a.classList.contains("nk-target") ? a : null;
  }

  root.addEventListener("keydown", (event) => {
    const current = activeTarget();
    if (event.key === "Escape") {
      send({ event: "clear" });
      return;
    }
    if (!targets.length) return;
    if (event.key.startsWith("Arrow")) {
      event.preventDefault();
      focusTarget(current ? step(current, event.key) : targets[0]);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      focusTarget(event.key === "Home" ? targets[0] : targets[targets.length - 1]);
    } else if ((event.key === "Enter" || event.key === " ") && current) {
      event.preventDefault();
      send({ event: "click", id: current.id });
    }
  });
  root.addEventListener("focusin", (event) => placeRing(event.target));
  // The picture scales with the page: the ring follows the part it surrounds.
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver(() => placeRing(activeTarget())).observe(stage);
  }
  root.addEventListener("focusout", () => {
    ring.hidden = true;
  });

  // ------------------------------------------------------------------ drawing
  function nameOf(node, id) {
    const names = model.get("names") || {};
    if (names[id]) return names[id];
    const title = node.querySelector(":scope > title");
    return (title && title.textContent.trim()) || node.textContent.trim() || id;
  }

  let lastSaid = -1;
  function speak() {
    const said = model.get("said");
    if (said === lastSaid) return;
    lastSaid = said;
    // Emptied first so that the same words twice are read out twice.
    live.textContent = "";
    const words = model.get("announce");
    setTimeout(() => {
      live.textContent = ignored ? `${words} ${ignored}` : words;
      ignored = "";
    }, 30);
  }

  async function draw() {
    const version = ++latest;
    const cover = model.get("cover");
    const svg = cover ? "" : await picture();
    if (version !== latest) return; // a newer picture arrived while inflating
    // Where the keyboard was, so that the redraw can give the focus back.
    const active = document.activeElement;
    const hadFocus = !!active && root.contains(active);
    const wasId = active && stage.contains(active) ? active.id : null;
    const wasAt = hadFocus && active !== root ? centre(active) : null;
    root.setAttribute("aria-label", model.get("label") || "Game board");
    landmark();
    targets = [];
    if (cover) {
      // Hand-over screen: nothing secret is in the page until "ready" is clicked.
      stage.innerHTML = "";
      const box = document.createElement("div");
      box.className = "nekolib-cover";
      const say = document.createElement("p");
      say.textContent = cover;
      const ready = document.createElement("button");
      ready.className = "nekolib-ready";
      ready.textContent = "I'm ready: show my view";
      ready.addEventListener("click", () => send({ event: "ready" }));
      box.append(say, ready);
      stage.appendChild(box);
      wordsBody.textContent = "";
      words.hidden = true;
      root.tabIndex = -1;
      if (hadFocus) ready.focus();
    } else {
      stage.innerHTML = svg;
      const picture = stage.querySelector("svg");
      if (picture) {
        // An interactive picture is a group of buttons, not one image (axe: nested-interactive).
        picture.setAttribute("role", "group");
        picture.removeAttribute("tabindex");
        // Its own width, for the zoom of board.css (12/11: 11 px text shows as 12 px).
        const own = picture.viewBox && picture.viewBox.baseVal ? picture.viewBox.baseVal.width : 0;
        if (own) picture.style.setProperty("--nk-width", String(own));
      }
      const find = (id) => stage.querySelector(`[id="${CSS.escape(id)}"]`);
      const mark = (ids, cls) => {
        for (const id of ids) {
          const node = find(id);
          if (node) node.classList.add(cls);
        }
      };
      mark(model.get("selected"), "nk-selected");
      mark(model.get("hint"), "nk-hint");
      for (const id of model.get("targets")) {
        const node = find(id);
        if (!node) continue;
        node.classList.add("nk-target");
        node.setAttribute("tabindex", "-1");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", nameOf(node, id));
        if (node.classList.contains("nk-hint")) node.setAttribute("aria-describedby", uid + "-hint");
        node.addEventListener("click", (event) => {
          event.stopPropagation();
          send({ event: "click", id });
        });
        targets.push(node);
      }
      for (const id of model.get("selected")) {
        const node = find(id);
        if (!node) continue;
        if (!node.classList.contains("nk-target")) {
          // A picked part: pressing it again takes the pick back.
          node.classList.add("nk-target");
          node.setAttribute("tabindex", "-1");
          node.setAttribute("role", "button");
          node.setAttribute("aria-label", nameOf(node, id));
          node.addEventListener("click", () => send({ event: "click", id }));
          targets.push(node);
        }
        node.setAttribute("aria-pressed", "true");
      }
      let hintNote = root.querySelector(`#${uid}-hint`);
      if (!hintNote) {
        hintNote = document.createElement("span");
        hintNote.id = uid + "-hint";
        hintNote.className = "nekolib-sr-only";
        hintNote.textContent = "the hint's move";
        hintNote.hidden = true; // only a description of the hinted part
        root.appendChild(hintNote);
      }
      const text = model.get("text");
      wordsBody.textContent = text;
      words.hidden = !text;
      // One tab stop: the board itself when nothing can be pressed, else one target.
      root.tabIndex = targets.length ? -1 : 0;
      const again = (wasId && targets.find((t) => t.id === wasId)) || null;
      const next = again || (wasAt && nearest(wasAt, targets)) || targets[0] || null;
      rove(next);
      if (hadFocus) {
        if (next && (wasAt || wasId || active === root)) focusTarget(next);
        else root.focus();
      }
    }
    speak();
    // The buttons under the board are redrawn after the board: look again for a while.
    for (const ms of [0, 150, 400, 800, 1500, 3000]) setTimeout(rescue, ms);
    root.dataset.drawn = String(performance.now());
    root.dataset.version = String(model.get("version"));
  }

  model.on("change:version", draw);
  model.on("change:said", speak);
  model.on("change:answered", answered);
  let sizes = null;
  if (typeof ResizeObserver !== "undefined") {
    sizes = new ResizeObserver(() => measure());
    sizes.observe(el);
  }
  setTimeout(measure, 0);
  draw();
  return () => {
    note.remove();
    if (watchedGame) watchedGame.removeEventListener("click", pressed, true);
    model.off("change:version", draw);
    model.off("change:said", speak);
    model.off("change:answered", answered);
    if (sizes) sizes.disconnect();
  };
}

export default { render };
