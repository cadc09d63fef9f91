// Package view lays out one frame of the stage as plain data. It never
// draws a pixel and never reads the simulated world: the session (package
// live) copies what the stage shows into a Snapshot after each tick, and
// BuildStage turns the Snapshot into a Scene, a display list of
// rectangles, lines, marks, arcs and texts on a 1920x1080 design canvas
// that the renderer (package ui) paints at the screen's own scale.
//
//	world --live--> Snapshot --BuildStage--> Scene --ui renderer--> pixels
//	                  (data)     (this package)    (data)
//
// A frame is a pure function of its Snapshot, the Motion (what the stage
// showed before, for the tweens) and the animation time, so layout and
// animation are tested with tables and no GPU.
//
// The stage has two layouts, chosen by the world:
//
//   - the diagram, for a world with API servers: the scene's actors
//     (package scene) in three bands, clients, API servers and etcd, laid
//     out by LayoutCast (cast_layout.go) and drawn one painter per actor
//     kind (cast_*.go), with the step's figure over it (figure*.go);
//   - the etcd stage, for etcd alone: the revision tape, the key index's
//     lanes and the compaction line (build.go, lanes.go, compaction.go).
//
// Around either: the top bar, the lesson panel (stage_lesson.go), the
// timeline (stage_timeline.go), the step's packets on the wires
// (wires.go), and the overlays (overlays.go: the start screen, the
// legend, the console log, the message line; the dialogs themselves are
// widgets, package ui/widgets).
// Words are fitted into their boxes by textfit.go, never cut mid-word.
//
// Hit and RevAt answer what a click or the pointer is over, from the
// same geometry the frame was drawn with.
package view
