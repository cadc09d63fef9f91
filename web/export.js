// WatchScope export: a PNG of the current frame and an animated GIF of a chosen time range.
"use strict";
