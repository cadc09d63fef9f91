// WatchScope's key bindings, generated from the table in ui/keys/keys.go
// by "go test ./ui/keys -update": edit the table there, not this file.
//
//   watchscopeKeys.command(e, scope)  the command a keydown is bound to in
//                                     scope ("stage": the page, "notes": the
//                                     speaker notes window), or ""
//   watchscopeKeys.binding(e, scope)  the whole binding, or null
//   watchscopeKeys.hints[scope]       [{keys, cmd, help}], as the help lists them
"use strict";

window.watchscopeKeys = (() => {
  const table = [
    {"code":"ArrowRight","label":"→","cmd":"next","scopes":["stage","notes"],"by":"go"},
    {"code":"PageDown","label":"PageDown","cmd":"next","scopes":["stage","notes"],"by":"go"},
    {"code":"ArrowDown","label":"↓","cmd":"next","scopes":["notes"],"by":"go"},
    {"code":"ArrowLeft","label":"←","cmd":"back","scopes":["stage","notes"],"by":"go"},
    {"code":"PageUp","label":"PageUp","cmd":"back","scopes":["stage","notes"],"by":"go"},
    {"code":"ArrowUp","label":"↑","cmd":"back","scopes":["notes"],"by":"go"},
    {"code":"Space","label":"Space","cmd":"space","scopes":["stage","notes"],"by":"go"},
    {"code":"Digit1","label":"1…9","cmd":"digit 1","scopes":["stage"],"by":"go"},
    {"code":"Digit2","cmd":"digit 2","scopes":["stage"],"by":"go"},
    {"code":"Digit3","cmd":"digit 3","scopes":["stage"],"by":"go"},
    {"code":"Digit4","cmd":"digit 4","scopes":["stage"],"by":"go"},
    {"code":"Digit5","cmd":"digit 5","scopes":["stage"],"by":"go"},
    {"code":"Digit6","cmd":"digit 6","scopes":["stage"],"by":"go"},
    {"code":"Digit7","cmd":"digit 7","scopes":["stage"],"by":"go"},
    {"code":"Digit8","cmd":"digit 8","scopes":["stage"],"by":"go"},
    {"code":"Digit9","cmd":"digit 9","scopes":["stage"],"by":"go"},
    {"code":"KeyL","label":"L","cmd":"picker","scopes":["stage"],"by":"go"},
    {"code":"ArrowUp","label":"↑","cmd":"up","scopes":["stage"],"by":"go"},
    {"code":"ArrowDown","label":"↓","cmd":"down","scopes":["stage"],"by":"go"},
    {"code":"Enter","label":"Enter","cmd":"enter","scopes":["stage"],"by":"go"},
    {"code":"Delete","label":"Delete","cmd":"progress forget","scopes":["stage"],"by":"go"},
    {"code":"KeyW","label":"W","cmd":"why","scopes":["stage"],"by":"go"},
    {"code":"KeyK","label":"K","cmd":"legend","scopes":["stage"],"by":"go"},
    {"code":"Backquote","label":"`","cmd":"console","scopes":["stage"],"by":"go"},
    {"code":"Equal","label":"+","cmd":"faster","scopes":["stage"],"by":"go"},
    {"code":"NumpadAdd","cmd":"faster","scopes":["stage"],"by":"go"},
    {"code":"Minus","label":"−","cmd":"slower","scopes":["stage"],"by":"go"},
    {"code":"NumpadSubtract","cmd":"slower","scopes":["stage"],"by":"go"},
    {"code":"Period","label":".","cmd":"tick","scopes":["stage"],"by":"go"},
    {"code":"End","label":"End","cmd":"skip","scopes":["stage"],"by":"go"},
    {"code":"Home","label":"Home","cmd":"home","scopes":["stage"],"by":"go"},
    {"code":"KeyF","label":"F","cmd":"fullscreen","scopes":["stage"],"by":"go"},
    {"code":"KeyB","label":"B","cmd":"blank","scopes":["stage","notes"],"by":"go"},
    {"code":"KeyP","label":"P","cmd":"theme toggle","scopes":["stage"],"by":"go"},
    {"code":"KeyM","label":"M","cmd":"motion","scopes":["stage"],"by":"go"},
    {"code":"KeyN","label":"N","cmd":"notes","scopes":["stage"],"by":"js"},
    {"code":"KeyR","label":"R","cmd":"cue back","scopes":["stage","notes"],"by":"go"},
    {"code":"KeyT","label":"T","cmd":"timer","scopes":["notes"],"by":"js"},
    {"code":"KeyS","label":"S","cmd":"share","scopes":["stage"],"by":"js"},
    {"code":"KeyO","label":"O","cmd":"open","scopes":["stage"],"by":"js"},
    {"code":"KeyE","label":"E","cmd":"export","scopes":["stage"],"by":"js"},
    {"code":"Tab","label":"Tab","scopes":["stage"],"by":"browser"},
    {"code":"Slash","char":"?","label":"?","cmd":"help","scopes":["stage"],"by":"go"},
    {"code":"KeyH","label":"H","cmd":"help","scopes":["stage"],"by":"go"},
    {"code":"Escape","label":"Esc","cmd":"close","scopes":["stage"],"by":"go"},
  ];
  const hints = {
    stage: [
      {"keys":["→","PageDown"],"cmd":"next","help":"next step"},
      {"keys":["←","PageUp"],"cmd":"back","help":"step back"},
      {"keys":["Space"],"cmd":"space","help":"pause a step in motion · next step"},
      {"keys":["1…9"],"cmd":"digit 1","help":"answer the question"},
      {"keys":["L"],"cmd":"picker","help":"lesson picker (1…9 pick a lesson)"},
      {"keys":["↑","↓"],"cmd":"up","help":"picker: move the selection"},
      {"keys":["Enter"],"cmd":"enter","help":"picker: open the lesson"},
      {"keys":["Delete"],"cmd":"progress forget","help":"picker: forget your progress"},
      {"keys":["W"],"cmd":"why","help":"why? for the newest marked event"},
      {"keys":["K"],"cmd":"legend","help":"legend: what each glyph means"},
      {"keys":["`"],"cmd":"console","help":"console (Esc leaves it)"},
      {"keys":["+"],"cmd":"faster","help":"faster (up to 100x)"},
      {"keys":["−"],"cmd":"slower","help":"slower (down to 0.1x)"},
      {"keys":["."],"cmd":"tick","help":"one event (in motion) · one tick"},
      {"keys":["End"],"cmd":"skip","help":"skip a step in motion to its end"},
      {"keys":["Home"],"cmd":"home","help":"first step · a recording's start"},
      {"keys":["F"],"cmd":"fullscreen","help":"fullscreen"},
      {"keys":["B"],"cmd":"blank","help":"black screen"},
      {"keys":["P"],"cmd":"theme toggle","help":"projector theme"},
      {"keys":["M"],"cmd":"motion","help":"reduced motion"},
      {"keys":["N"],"cmd":"notes","help":"speaker notes window"},
      {"keys":["R"],"cmd":"cue back","help":"back to the last cue"},
      {"keys":["S"],"cmd":"share","help":"share link and QR code"},
      {"keys":["O"],"cmd":"open","help":"open a lesson file"},
      {"keys":["E"],"cmd":"export","help":"export a PNG or a GIF"},
      {"keys":["Tab"],"cmd":"","help":"the page's controls"},
      {"keys":["?","H"],"cmd":"help","help":"this help"},
      {"keys":["Esc"],"cmd":"close","help":"close"},
    ],
    notes: [
      {"keys":["→","PageDown","↓"],"cmd":"next","help":"next step"},
      {"keys":["←","PageUp","↑"],"cmd":"back","help":"step back"},
      {"keys":["Space"],"cmd":"space","help":"pause a step in motion · next step"},
      {"keys":["B"],"cmd":"blank","help":"black screen"},
      {"keys":["R"],"cmd":"cue back","help":"back to the last cue"},
      {"keys":["T"],"cmd":"timer","help":"talk timer start/pause"},
    ],
  };
  // A binding with a char matches the typed character ("?" on any
  // layout); the others match the key's code.
  function binding(e, scope) {
    const here = table.filter((b) => b.scopes.includes(scope));
    return here.find((b) => b.char && b.char === e.key) || here.find((b) => !b.char && b.code === e.code) || null;
  }
  function command(e, scope) {
    const b = binding(e, scope);
    return b && b.cmd ? b.cmd : "";
  }
  return { table, hints, binding, command };
})();
