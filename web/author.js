// WatchScope authoring: open a lesson file (picker or drag and drop), live reload, line-numbered errors.
"use strict";
