// WatchScope dialogs: the one way the page's HTML panels (export,
// authoring errors) are made. A panel is a hidden modal <div role=dialog>
// with its own stylesheet, labelled by its title element "<id>-title".
//
//   const panel = window.watchscopeDialog("export", css, html);
//
// It returns the element, already in the page and hidden; the feature
// fills it, and shows and hides it with
//
//   window.watchscopeDialog.show(panel, focusEl)   remembers where focus was
//   window.watchscopeDialog.hide(panel)            and gives it back
//
// and read the page's own keys (N, S, O, E, Esc) with
//
//   window.watchscopeDialog.pageKey(e)   the command the key is bound to
//                                        (web/keys.js: "export", "close", ...),
//                                        or "" when the key is not the page's
"use strict";

window.watchscopeDialog = (id, css, html) => {
  const style = document.createElement("style");
  style.textContent = css;
  document.head.appendChild(style);
  const panel = document.createElement("div");
  panel.id = id;
  panel.hidden = true;
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-modal", "true");
  panel.setAttribute("aria-labelledby", id + "-title");
  panel.innerHTML = html;
  document.body.appendChild(panel);
  return panel;
};

window.watchscopeDialog.show = (panel, focusEl) => {
  panel.returnFocus = document.activeElement;
  panel.hidden = false;
  if (focusEl) focusEl.focus();
};

window.watchscopeDialog.hide = (panel) => {
  if (!panel || panel.hidden) return;
  panel.hidden = true;
  const back = panel.returnFocus;
  if (back && back.focus) back.focus();
};

// pageKey is a keydown's command in the key table (web/keys.js, made
// from ui/keys), or "": an unbound key, a repeat or a chord, a key the
// stage's console is typing, or a key typed into a form field (Escape
// still counts there: it closes).
window.watchscopeDialog.pageKey = (e) => {
  if (e.repeat || e.ctrlKey || e.metaKey || e.altKey) return "";
  const ws = window.watchscope;
  if (ws && ws.typing && ws.typing()) return "";
  const t = e.target;
  const inForm = !!t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
  const cmd = window.watchscopeKeys.command(e, "stage");
  return inForm && cmd !== "close" ? "" : cmd;
};
