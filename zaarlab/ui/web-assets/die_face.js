// face(n): a die showing n as SVG markup, for every widget that draws dice (joined before their module).
const PIPS = {1: [[50, 50]], 2: [[27, 27], [73, 73]], 3: [[27, 27], [50, 50], [73, 73]],
              4: [[27, 27], [73, 27], [27, 73], [73, 73]],
              5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
              6: [[27, 24], [73, 24], [27, 50], [73, 50], [27, 76], [73, 76]]};
function face(n) {
  const pips = (PIPS[n] || []).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9"/>`).join("");
  return `<svg viewBox="0 0 100 100" width="56" height="56" aria-hidden="true">
    <rect x="4" y="4" width="92" height="92" rx="16" class="zaarlab-die-face"/>${pips}</svg>`;
}
