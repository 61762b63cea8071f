// A redraw that changes only what changed: web/main.py draws each screen as one HTML string
// (web/shell/screens.py), and `castleMorph(root, html)` makes the page's #app that HTML by
// editing the elements already there rather than replacing them all. Setting innerHTML threw
// the whole page away at every click, so the browser built, styled and laid out a thousand
// elements anew each time: on a phone's CPU (DevTools' 4x throttling) most of a click's
// 160-290 ms (docs/benchmarks.md, "A click on a phone"). Kept elements also keep what the
// browser holds for them: the keyboard's focus, a panel's scroll, a running animation.
//
// The result is the HTML given, exactly: the same elements with the same attributes and texts
// in the same order (e2e/test_morph.py checks it on random pairs of pages). Children are matched
// in order, an element only with one of the same tag and the same id or data-key; one element
// left out among its siblings is recognised, so that what follows it is kept; an element with an
// id is taken from wherever it was, if a screen moved it. A form field is kept only when it and
// what it shows are unchanged, and replaced otherwise, so that it always shows what the HTML
// says, as after innerHTML. A classic script (not a module), like web/boot.js, so that it runs
// from file:// too.
(function () {
  "use strict";

  const FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA"]);
  const FIELD = "input, select, textarea";

  function key(node) {
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    return node.id || node.getAttribute("data-key") || "";
  }

  function alike(a, b) {
    return a !== null && b !== null && a.nodeType === b.nodeType && a.nodeName === b.nodeName &&
      key(a) === key(b);
  }

  // The attributes of `to` on `from`, in the same order (as the HTML, and so as innerHTML
  // would give them): values changed where they stand, all anew if the names differ.
  function morphAttributes(from, to) {
    const had = from.attributes;
    const wanted = to.attributes;
    let sameNames = had.length === wanted.length;
    for (let i = 0; sameNames && i < wanted.length; i++) {
      sameNames = had[i].name === wanted[i].name;
    }
    if (!sameNames) {
      while (had.length > 0) from.removeAttributeNode(had[0]);
    }
    for (const attr of wanted) {
      if (from.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) {
        from.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
      }
    }
  }

  // One redraw: the elements with an id the page had, not placed yet (`take` places them).
  class Morph {
    constructor(root) {
      this.ids = new Map();
      for (const el of root.querySelectorAll("[id]")) this.ids.set(el.id, el);
    }

    // The page's element with `wanted`'s id, if it has one that can move into `parent`.
    take(wanted, parent) {
      if (wanted.nodeType !== Node.ELEMENT_NODE || !wanted.id) return null;
      const old = this.ids.get(wanted.id);
      if (old === undefined || old.nodeName !== wanted.nodeName || old.contains(parent)) {
        return null;
      }
      this.ids.delete(wanted.id);
      return old;
    }

    // Whether `wanted` holds an element the page already has (so it is built around those).
    holdsKnown(wanted) {
      if (wanted.nodeType !== Node.ELEMENT_NODE || this.ids.size === 0) return false;
      for (const el of wanted.querySelectorAll("[id]")) if (this.ids.has(el.id)) return true;
      return false;
    }

    // `from` (in the page) made like `to` (parsed, not in the page), the two alike; returns
    // the node that stands there now.
    node(from, to) {
      if (from.nodeType !== Node.ELEMENT_NODE) {
        if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
        return from;
      }
      if (from.id) this.ids.delete(from.id);
      if (FIELDS.has(from.nodeName)) {
        // what it shows too, which the player may have changed since
        if (from.isEqualNode(to) && from.value === to.value && from.checked === to.checked) {
          return from;
        }
        from.replaceWith(to);
        return to;
      }
      // The browser compares a whole part far faster; but not what its fields show.
      if (from.isEqualNode(to) && from.querySelector(FIELD) === null) return from;
      morphAttributes(from, to);
      this.children(from, to);
      return from;
    }

    // A node the page did not have, put before `before`: whole, or built around the elements
    // with an id that it holds and the page has.
    insert(parent, wanted, before) {
      if (!this.holdsKnown(wanted)) return parent.insertBefore(wanted, before);
      const shell = parent.insertBefore(wanted.cloneNode(false), before);
      this.children(shell, wanted);
      return shell;
    }

    children(from, to) {
      // Everything up to `placed` is final: the next node to match is always the one after it,
      // however nodes were moved in or out meanwhile.
      let placed = null;
      let wanted = to.firstChild;
      while (wanted !== null) {
        const after = wanted.nextSibling; // before `wanted` moves into the page
        const current = placed === null ? from.firstChild : placed.nextSibling;
        if (current !== null && alike(current, wanted)) {
          placed = this.node(current, wanted);
        } else if (current !== null && alike(current.nextSibling, wanted) &&
          !alike(current, after)) {
          const kept = current.nextSibling;
          from.removeChild(current); // one node less here
          placed = this.node(kept, wanted);
        } else {
          const old = this.take(wanted, from);
          if (old !== null) {
            from.insertBefore(old, current);
            placed = this.node(old, wanted);
          } else {
            placed = this.insert(from, wanted, current);
          }
        }
        wanted = after;
      }
      let gone = placed === null ? from.firstChild : placed.nextSibling;
      while (gone !== null) {
        const next = gone.nextSibling;
        from.removeChild(gone);
        gone = next;
      }
    }
  }

  window.castleMorph = function (root, html) {
    const parsed = document.createElement("template");
    parsed.innerHTML = html;
    new Morph(root).children(root, parsed.content);
  };

  // The buttons and focusable elements of `scope` that are a `kind` of element showing `words`,
  // in page order: how web/main.py finds the focused control again after a redraw that did not
  // keep it (one call, rather than one from Python for each element of the page).
  window.castleAlike = function (scope, kind, words) {
    return Array.from(scope.querySelectorAll("button, [tabindex]")).filter(
      (el) => el.tagName === kind && (el.textContent || "") === words,
    );
  };
})();
