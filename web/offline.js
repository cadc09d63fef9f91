// WatchScope offline: registers the service worker (sw.js) that keeps the app working with the network off.
"use strict";
