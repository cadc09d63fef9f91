// WatchScope share exactly: the copy-link button and the QR code of the current moment.
"use strict";
