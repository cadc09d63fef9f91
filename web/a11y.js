// WatchScope the accessibility layer: a DOM mirror of the narration beside the canvas, an aria-live feed of notable events, and keyboard-reachable controls.
"use strict";
