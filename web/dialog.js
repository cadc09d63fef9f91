// WatchScope dialogs: the one way the page's panels (share, export,
// authoring errors) are made. A panel is a hidden modal <div role=dialog>
// with its own stylesheet, labelled by its title element "<id>-title".
//
//   const panel = window.watchscopeDialog("share", css, html);
//
// It returns the element, already in the page and hidden; the feature
// shows, fills and hides it.
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
