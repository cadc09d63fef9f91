package live

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"

	"watchscope/engine"
	"watchscope/lessons"
)

// Share exactly: a link that reproduces the stage's current moment in any
// browser. The world is deterministic, so a moment is small to describe:
//
//	sandbox   ?seed=7&nodes=0&demo=off&t=41.5&cmds=<log>&h=<hash>&app=<build>
//	          the seed and cluster size build the same world, the command
//	          log (share_cmds.go) replays what was typed when it was typed,
//	          and t is where the clock stood
//	lesson    ?lesson=gone-410&v=<version>&seed=1&step=3&ask=1&pick=2&h=..
//	          the steps played, the question showing and the answer picked
//
// h= is a prefix of the world's trace hash (engine.Trace.Hash): the page
// that opens the link replays, compares, and says so in one line if the
// replay did not land on the same moment (another build, another version
// of the lesson), instead of silently showing something else.

// shareHashLen is how many hex digits of the trace hash a link carries:
// 48 bits, enough to tell moments apart, short enough for a QR code.
const shareHashLen = 12

// sharer is sharing's feature beside the session (features.go). It caches the encoded command log: a world's log only grows,
// so it is encoded again only when it has new commands (or is another
// world: a rewind, the sandbox reopened).
type sharer struct {
	st   stageView
	w    *engine.World
	n    int
	cmds string

	lesson    *lessons.Lesson // the lesson whose version is cached
	version   string
	isBuiltIn bool // ... and whether it is one of the app's own, unchanged

	// typedIn is the lesson world the learner typed console commands in.
	// A lesson link replays the lesson's steps only, so such a moment is
	// not reproduced exactly, and the link says so (ShareJSON.Note).
	// Stepping back replays the steps into a new world: the typed
	// commands are gone and so is the note.
	typedIn *engine.World
}

// ShareJSON is State.Share: the link of the moment after the last tick.
type ShareJSON struct {
	Query    string `json:"query"`             // "?seed=1&nodes=0&...": the page adds its own address
	Hash     string `json:"hash"`              // the world's full trace hash now
	TimeMs   int64  `json:"timeMs"`            // the moment's virtual time
	Commands int    `json:"commands"`          // commands the link replays (sandbox)
	Version  string `json:"version,omitempty"` // the lesson's version (lesson)
	App      string `json:"app,omitempty"`     // the build (AppVersion)
	Note     string `json:"note,omitempty"`    // what the link cannot reproduce
}

// noteTyped is ShareJSON.Note for a lesson world the learner typed in.
const noteTyped = "the commands typed during this lesson are not in the link: it opens the lesson's steps only"

// noteFile is ShareJSON.Note for a lesson opened from a file that is not
// a built-in lesson (another id, or the same id edited): a link names a
// lesson by id and version, and only the built-in ones travel with the app.
const noteFile = "this lesson was opened from a file: the link opens the app's own lesson of that id, so send the file with it"

// afterExec remembers a lesson world the learner typed in.
func (sh *sharer) afterExec(string, error) {
	if sh.st.lesson() != nil {
		sh.typedIn = sh.st.sim().World()
	}
}

func (sh *sharer) fillState(st *State) { st.Share = sh.link() }

// Share describes the current moment as a link.
func (s *Session) Share() ShareJSON { return s.sharer.link() }

// link is State.Share.
func (sh *sharer) link() ShareJSON {
	w := sh.st.sim().World()
	cp := w.Checkpoint()
	out := ShareJSON{Hash: cp.Hash, TimeMs: cp.At.Milliseconds(), App: AppVersion()}
	var q strings.Builder
	if p := sh.st.lesson(); p != nil {
		out.Version = sh.lessonVersion(p.l)
		sh.lessonQuery(&q, out.Version)
		if sh.typedIn == w {
			out.Note = noteTyped
		}
		if !sh.isBuiltIn {
			out.Note = noteFile
		}
	} else {
		out.Commands = cp.Commands
		sh.sandboxQuery(&q, w, cp)
	}
	if c := sh.st.clock(); c.Speed > 0 && c.Speed != 1 {
		param(&q, "speed", strconv.FormatFloat(c.Speed, 'g', -1, 64))
	}
	param(&q, "h", cp.Hash[:shareHashLen])
	if out.App != "" {
		param(&q, "app", out.App)
	}
	out.Query = q.String()
	return out
}

// sandboxQuery writes the sandbox's seed, size, command log and time.
func (sh *sharer) sandboxQuery(q *strings.Builder, w *engine.World, cp engine.Checkpoint) {
	cfg := w.Config()
	if sh.w != w || sh.n != cp.Commands {
		sh.w, sh.n, sh.cmds = w, cp.Commands, EncodeCommands(w.Log())
	}
	param(q, "seed", strconv.FormatUint(cfg.Seed, 10))
	param(q, "nodes", strconv.Itoa(cfg.Cluster.Nodes))
	param(q, "demo", "off") // the demo's commands are in the log already
	param(q, "t", FormatShareTime(cp.At))
	if sh.cmds != "" {
		param(q, "cmds", sh.cmds)
	}
}

// lessonQuery writes the lesson, its version, seed, steps and question.
func (sh *sharer) lessonQuery(q *strings.Builder, version string) {
	p := sh.st.lesson()
	param(q, "lesson", url.QueryEscape(p.l.ID))
	param(q, "v", version)
	param(q, "seed", strconv.FormatUint(p.r.Seed(), 10))
	param(q, "step", strconv.Itoa(p.r.Next()))
	if p.pending {
		param(q, "ask", "1")
	}
	if p.picked >= 0 {
		param(q, "pick", strconv.Itoa(p.picked+1))
	}
}

func param(q *strings.Builder, name, value string) {
	if q.Len() == 0 {
		q.WriteByte('?')
	} else {
		q.WriteByte('&')
	}
	q.WriteString(name)
	q.WriteByte('=')
	q.WriteString(value)
}

// lessonVersion is l's version (LessonVersion), worked out once per
// lesson together with isBuiltIn.
func (st *sharer) lessonVersion(l *lessons.Lesson) string {
	if st.lesson != l {
		st.lesson, st.version = l, LessonVersion(l)
		own, err := lessons.ByID(l.ID)
		st.isBuiltIn = err == nil && LessonVersion(own) == st.version
	}
	return st.version
}

// LessonVersion is a short hash of a lesson as parsed (every field the
// runner and the stage read, line numbers included), so any edit to the
// lesson's source gives it a new version. Where the file was read from is
// not part of it: a built-in lesson opened from a copy of its file is the
// same lesson.
func LessonVersion(l *lessons.Lesson) string {
	c := *l
	c.File = ""
	b, err := json.Marshal(&c)
	if err != nil { // a lesson is plain data; this does not happen
		return "00000000"
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:4])
}

// appVersion is read once: the build does not change while it runs.
var appVersion = buildVersion()

// AppVersion is the build's VCS revision (12 hex digits, "-dev" when
// built from a modified tree), or "" when the build has none (go test).
func AppVersion() string { return appVersion }

func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if !isHex(rev, 7, 64) {
		return ""
	}
	rev = rev[:min(12, len(rev))]
	if dirty {
		rev += "-dev"
	}
	return rev
}

// restoreQuestion shows the question and answer a lesson link carries
// on lesson p.
func (sh *sharer) restoreQuestion(p *lessonPlay, l Link) []string {
	var problems []string
	if l.Version != "" && l.Version != sh.lessonVersion(p.l) {
		problems = append(problems, fmt.Sprintf("v=%s: lesson %s has changed since the link was made (now v=%s); step %d may show something else",
			l.Version, p.l.ID, sh.lessonVersion(p.l), l.Step))
	}
	if l.Asking {
		if p.r.Done() || p.l.Steps[p.r.Next()].Ask == nil {
			return append(problems, "ask=1 ignored: step "+strconv.Itoa(p.r.Next()+1)+" asks no question")
		}
		p.pending = true
	}
	if l.Pick > 0 {
		ask := p.answered()
		if ask == nil || l.Pick > len(ask.Choices) {
			return append(problems, "pick="+strconv.Itoa(l.Pick)+" ignored: no such choice")
		}
		p.picked = l.Pick - 1
	}
	return problems
}

// answered is the question the pick belongs to: the one showing, or the
// last played step's (revealed with the learner's answer).
func (p *lessonPlay) answered() *lessons.Ask {
	if p.pending {
		return p.l.Steps[p.r.Next()].Ask
	}
	if n := p.r.Next(); n > 0 {
		return p.l.Steps[n-1].Ask
	}
	return nil
}

// checkMoment compares the replayed world w with the link's trace hash.
func checkMoment(w *engine.World, l Link) []string {
	if l.Hash == "" {
		return nil
	}
	got := w.Trace.Hash()
	if strings.HasPrefix(got, l.Hash) {
		return nil
	}
	msg := fmt.Sprintf("h=%s: this link's moment did not replay exactly (trace hash here %s)", l.Hash, got[:len(l.Hash)])
	if l.App != "" && l.App != AppVersion() {
		msg += fmt.Sprintf("; it was made by build %s, this is %s", l.App, orElse(AppVersion(), "an unversioned build"))
	}
	return []string{msg}
}

func orElse(s, dflt string) string {
	if s == "" {
		return dflt
	}
	return s
}
