// WatchScope dialogs: the one way the page's panels (share, export,
// authoring errors) are made. A panel is a hidden modal <div role=dialog>
// with its own stylesheet, labelled by its title element "<id>-title".
//
//   const panel = window.watchscopeDialog("share", css, html);
//
// It returns the element, already in the page and hidden; the feature
// fills it, and shows and hides it with
//
//   window.watchscopeDialog.show(panel, focusEl)   remembers where focus was
//   window.watchscopeDialog.hide(panel)            and gives it back
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
