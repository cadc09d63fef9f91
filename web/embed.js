// WatchScope embedding: the postMessage API between a host page and this page in an iframe.
"use strict";
