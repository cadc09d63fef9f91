// WatchScope presenter mode on the main page: publishes lesson, step, notes, next cue and timer over a BroadcastChannel to presenter.html, and obeys the notes window's keys.
"use strict";
