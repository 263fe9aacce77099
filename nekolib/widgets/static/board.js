// nekolib board: draws the game's SVG, highlights click targets, reports clicks.
// All game logic stays in Python; this module only draws and reports.
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "nekolib-board-view";
  root.tabIndex = 0;
  el.appendChild(root);

  function send(message) {
    root.dataset.sent = String(performance.now());
    model.send(message);
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

  async function draw() {
    const version = ++latest;
    const cover = model.get("cover");
    const svg = cover ? "" : await picture();
    if (version !== latest) return; // a newer picture arrived while inflating
    if (cover) {
      // Hand-over screen: nothing secret is in the page until "ready" is clicked.
      root.innerHTML = "";
      const box = document.createElement("div");
      box.className = "nekolib-cover";
      const words = document.createElement("p");
      words.textContent = cover;
      const ready = document.createElement("button");
      ready.className = "nekolib-ready";
      ready.textContent = "I'm ready: show my view";
      ready.addEventListener("click", () => send({ event: "ready" }));
      box.append(words, ready);
      root.appendChild(box);
    } else {
      root.innerHTML = svg;
      const mark = (ids, cls) => {
        for (const id of ids) {
          const node = root.querySelector(`[id="${CSS.escape(id)}"]`);
          if (node) node.classList.add(cls);
        }
      };
      mark(model.get("selected"), "nk-selected");
      mark(model.get("hint"), "nk-hint");
      for (const id of model.get("targets")) {
        const node = root.querySelector(`[id="${CSS.escape(id)}"]`);
        if (!node) continue;
        node.classList.add("nk-target");
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.addEventListener("click", (event) => {
          event.stopPropagation();
          send({ event: "click", id });
        });
        node.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            send({ event: "click", id });
          }
        });
      }
      for (const id of model.get("selected")) {
        const node = root.querySelector(`[id="${CSS.escape(id)}"]`);
        if (node && !node.classList.contains("nk-target")) {
          node.classList.add("nk-target");
          node.addEventListener("click", () => send({ event: "click", id }));
        }
      }
    }
    root.dataset.drawn = String(performance.now());
    root.dataset.version = String(model.get("version"));
  }

  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape") send({ event: "clear" });
  });
  model.on("change:version", draw);
  draw();
  return () => model.off("change:version", draw);
}

export default { render };
