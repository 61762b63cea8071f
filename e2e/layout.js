// What a player would see as a broken layout, measured in the page: returns a list of problems.
// Used by e2e/test_devices.py (and tools, to look at a size by hand).
//  - the page scrolls sideways;
//  - a visible box sticks out of the window, or out of an ancestor that hides what overflows;
//  - a text is clipped: an element whose content is wider than its box while it hides the
//    overflow (an ellipsis, overflow hidden), visually hidden text (.sr) excepted;
//  - (minTarget > 0) a control smaller than minTarget px in height or width.
(minTarget) => {
  const problems = [];
  const W = document.documentElement.clientWidth;
  const doc = document.scrollingElement || document.documentElement;
  if (doc.scrollWidth > W + 1) problems.push(`page scrolls sideways: ${doc.scrollWidth} > ${W}`);
  const name = (el) => {
    const id = el.id ? `#${el.id}` : "";
    const cls = el.classList.length ? "." + [...el.classList].slice(0, 2).join(".") : "";
    const text = (el.innerText || el.getAttribute("aria-label") || "").trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${id}${cls} "${text}"`;
  };
  const hidden = (el) => el.closest(".sr, [hidden], .sprite, [inert], [aria-hidden='true']");
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const s = getComputedStyle(el);
    return s.visibility !== "hidden" && s.display !== "none";
  };
  // The nearest ancestor that hides what sticks out of it (not one that scrolls).
  const clipper = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if ([s.overflowX, s.overflowY].some((o) => o === "hidden" || o === "clip")) return a;
    }
    return null;
  };
  const scope = document.querySelector("#app");
  for (const el of scope.querySelectorAll("*")) {
    if (hidden(el) || !visible(el) || el.closest("svg")) continue;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    if (s.position !== "fixed" && (r.left < -1 || r.right > W + 1)) {
      problems.push(`outside the window: ${name(el)} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
    }
    const cut = clipper(el);
    if (cut) {
      const c = cut.getBoundingClientRect();
      const cs = getComputedStyle(cut);
      const x = cs.overflowX === "hidden" || cs.overflowX === "clip";
      const y = cs.overflowY === "hidden" || cs.overflowY === "clip";
      if ((x && (r.left < c.left - 1 || r.right > c.right + 1)) || (y && (r.top < c.top - 1 || r.bottom > c.bottom + 1))) {
        problems.push(`cut by ${name(cut)}: ${name(el)}`);
      }
    }
    const clips = s.overflowX !== "visible" || s.textOverflow === "ellipsis";
    const scrolls = s.overflowX === "auto" || s.overflowX === "scroll";
    if (clips && !scrolls && el.scrollWidth > el.clientWidth + 1 && el.innerText.trim()) {
      problems.push(`text clipped: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
    }
    if (scrolls && el.scrollWidth > el.clientWidth + 1 && !el.matches("#log, #log *, .help *")) {
      problems.push(`scrolls sideways: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
    }
    if (minTarget && el.matches("button, select, input, a[href], [data-act]")) {
      // Links within text (WCAG 2.5.8's inline exception): the help's contents, the log's lines.
      if (el.matches(".help a[href], #log button.moment")) continue;
      if (r.height < minTarget - 0.5 || r.width < minTarget - 0.5) {
        problems.push(`small target: ${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
  }
  return problems;
}
