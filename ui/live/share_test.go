package live

import (
	"fmt"
	"net/url"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"watchscope/engine"
	"watchscope/lessons"
)

func TestShareTimeForms(t *testing.T) {
	cases := []struct {
		d    time.Duration
		text string
	}{
		{0, "0"},
		{2500 * time.Millisecond, "2.5"},
		{10*time.Second + 16666667, "10.016666667"},
		{time.Nanosecond, "0.000000001"},
		{3 * time.Hour, "10800"},
	}
	for _, c := range cases {
		if got := FormatShareTime(c.d); got != c.text {
			t.Errorf("FormatShareTime(%v) = %q, want %q", c.d, got, c.text)
		}
		for _, in := range []string{c.text, c.text + "s"} {
			if got, err := ParseShareTime(in); err != nil || got != c.d {
				t.Errorf("ParseShareTime(%q) = %v, %v; want %v", in, got, err, c.d)
			}
		}
	}
	for _, bad := range []string{"", "s", "-1", "1e3", "1.", ".5", "1.0000000001", "0x10", " 1", "1,5", "9999999", "86401"} {
		if d, err := ParseShareTime(bad); err == nil {
			t.Errorf("ParseShareTime(%q) = %v, want an error", bad, d)
		}
	}
}

func TestShareCommandsRoundTrip(t *testing.T) {
	logs := [][]engine.LoggedCommand{
		nil,
		{{At: 0, Text: "etcdctl put /a 1"}},
		{{At: time.Second, Text: "etcdctl put /a 1"}, {At: time.Second, Text: "etcdctl put /b 2"},
			{At: 12*time.Second + 345678901, Text: `kubectl annotate pod p note="é ü"`}, {At: time.Hour, Text: "sim compact 3"}},
		// commands with their input: a here-document (tabs of <<- kept), a txn's blank lines
		{{At: 0, Text: "etcdctl txn <<-EOF\n\tmod(\"a\") > \"0\"\n\n\tput a 1\n\n\n\tEOF"},
			{At: time.Second, Text: "etcdctl txn\nmod(\"a\") = \"0\"\n\nput a 2\n\n\n"}, {At: 2 * time.Second, Text: "etcdctl get a"}},
	}
	for _, log := range logs {
		enc := EncodeCommands(log)
		if strings.ContainsAny(enc, "+/=%&?#") {
			t.Errorf("%q is not URL-safe", enc)
		}
		got, err := DecodeCommands(enc)
		if len(log) == 0 {
			if enc != "" {
				t.Errorf("empty log encodes as %q", enc)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, log) {
			t.Errorf("round trip of %v: %v, %v", log, got, err)
		}
	}
	for name, bad := range map[string]string{
		"not base64":      "a*b",
		"not deflate":     "AAAA",
		"control char":    EncodeCommands([]engine.LoggedCommand{{At: 0, Text: "put\x00x"}}),
		"too late":        EncodeCommands([]engine.LoggedCommand{{At: MaxShareTime + time.Second, Text: "x"}}),
		"no command":      EncodeCommands([]engine.LoggedCommand{{At: 0, Text: ""}}),
		"leading space":   EncodeCommands([]engine.LoggedCommand{{At: 0, Text: " x"}}),
		"sum is too late": EncodeCommands([]engine.LoggedCommand{{At: 20 * time.Hour, Text: "x"}, {At: 40 * time.Hour, Text: "y"}}),
	} {
		if log, err := DecodeCommands(bad); err == nil {
			t.Errorf("%s: DecodeCommands(%q) = %v, want an error", name, bad, log)
		}
	}
}

// reopen opens the session's share link the way a fresh page does.
func reopen(t *testing.T, s *Session) *Session {
	t.Helper()
	q, err := url.ParseQuery(strings.TrimPrefix(s.Share().Query, "?"))
	if err != nil {
		t.Fatal(err)
	}
	l := ParseLink(q)
	if len(l.Problems) > 0 {
		t.Fatalf("the share link %s has problems: %s", s.Share().Query, l.Message())
	}
	r, err := Open(l)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// runFor ticks the session through d of real time at 60 frames a second.
func runFor(s *Session, d time.Duration) {
	for i := 0; i < int(d/(time.Second/60)); i++ {
		s.Tick(time.Second / 60)
	}
}

func TestShareRestoresSandboxMoment(t *testing.T) {
	for _, nodes := range []int{0, 3} {
		s, err := Open(Link{Nodes: nodes, Seed: 7, Demo: true})
		if err != nil {
			t.Fatal(err)
		}
		for i, cmd := range []string{"etcdctl put /a 1", "etcdctl put /b 2", "etcdctl del /a", "seek 1s", "etcdctl put /c 3", "sim compact 2"} {
			s.Send(cmd)
			runFor(s, time.Duration(300+i*170)*time.Millisecond)
		}
		s.Send("pause")
		s.Tick(time.Second / 60)
		want, wantState := s.Share(), s.State()
		r := reopen(t, s)
		got, gotState := r.Share(), r.State()
		if got.Hash != want.Hash || gotState.TimeMs != wantState.TimeMs || gotState.Revision != wantState.Revision {
			t.Errorf("nodes=%d: restored t=%dms rev=%d hash %.12s, want t=%dms rev=%d hash %.12s",
				nodes, gotState.TimeMs, gotState.Revision, got.Hash, wantState.TimeMs, wantState.Revision, want.Hash)
		}
		if !gotState.Paused || gotState.Message != "" {
			t.Errorf("nodes=%d: restored paused=%v message %q", nodes, gotState.Paused, gotState.Message)
		}
		if got.Query != want.Query {
			t.Errorf("nodes=%d: the restored moment's link differs:\n%s\n%s", nodes, got.Query, want.Query)
		}
		runFor(r, time.Second) // paused: nothing moves
		if r.Share().Hash != want.Hash {
			t.Errorf("nodes=%d: the restored world ran while paused", nodes)
		}
	}
}

func TestShareRestoresLessonMoment(t *testing.T) {
	l, err := lessons.ByID("gone-410")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(Link{Lesson: l.ID, Nodes: 0})
	if err != nil {
		t.Fatal(err)
	}
	for !s.lesson.pending || s.lesson.r.Next() < 2 {
		s.Send("next")
		s.Tick(time.Second / 60)
		if s.State().Done {
			t.Fatal("no question after step 2")
		}
	}
	s.Send("pick 2")
	s.Tick(time.Second / 60)
	want := s.State()
	r := reopen(t, s)
	got := r.State()
	if got.Step != want.Step || !got.Pending || r.lesson.picked != 1 || got.Share.(ShareJSON).Hash != want.Share.(ShareJSON).Hash {
		t.Errorf("restored step %d pending %v picked %d hash %.12s, want step %d pending, picked 1, hash %.12s",
			got.Step, got.Pending, r.lesson.picked, got.Share.(ShareJSON).Hash, want.Step, want.Share.(ShareJSON).Hash)
	}
	if !strings.Contains(want.Share.(ShareJSON).Query, "&v="+LessonVersion(l)) {
		t.Errorf("lesson link %s has no version", want.Share.(ShareJSON).Query)
	}
}

// A link made by another build or another version of the lesson says so
// in one line naming the parameter, and still opens.
func TestShareMismatchSaysSo(t *testing.T) {
	cases := []struct{ query, want string }{
		{"lesson=revisions&v=00000000&step=1", "v=00000000: lesson revisions has changed"},
		{"nodes=0&demo=off&t=3&h=0123456789ab&app=deadbeef0000", "h=0123456789ab: this link's moment did not replay exactly"},
		{"lesson=revisions&step=0&ask=1", "ask=1 ignored"},
		{"lesson=revisions&step=1&pick=9", "pick=9 ignored"},
		{"nodes=0&t=1&cmds=" + EncodeCommands([]engine.LoggedCommand{{At: 2 * time.Second, Text: "etcdctl put /a 1"}}), `t="1" ignored: earlier than the last command`},
	}
	for _, c := range cases {
		q, _ := url.ParseQuery(c.query)
		s, err := Open(ParseLink(q))
		if err != nil {
			t.Fatal(err)
		}
		if msg := s.State().Message; !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s: message %q, want one line with %q", c.query, msg, c.want)
		}
	}
}

// problemLine is a link problem: one line that starts with "param=".
var problemLine = regexp.MustCompile(`^[a-z]+=[^\n\r]*$`)

// FuzzParseLink: whatever the query, ParseLink returns, every problem is
// one line that starts by naming its parameter, and what it accepted as a
// command log encodes back to the same log.
func FuzzParseLink(f *testing.F) {
	f.Add("lesson=revisions&step=3&seed=9&speed=2.5x&theme=projector")
	f.Add("nodes=0&demo=off&t=12.5&h=0123456789ab&app=0123456789ab-dev&cmds=" +
		EncodeCommands([]engine.LoggedCommand{{At: time.Second, Text: "etcdctl put /a 1"}, {At: 2 * time.Second, Text: "sim compact 1"}}))
	f.Add("lesson=gone-410&v=0a1b2c3d&ask=1&pick=2")
	f.Add("t=99999999&cmds=%%%&pick=0&ask=yes&v=XYZ")
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		l := ParseLink(q)
		for _, p := range l.Problems {
			if !problemLine.MatchString(p) {
				t.Errorf("problem %q does not name its parameter on one line", p)
			}
		}
		if len(l.Commands) > 0 {
			back, err := DecodeCommands(EncodeCommands(l.Commands))
			if err != nil || !reflect.DeepEqual(back, l.Commands) {
				t.Errorf("command log %v does not round-trip: %v, %v", l.Commands, back, err)
			}
		}
	})
}

// BenchmarkShareEachTick is what State.Share costs a frame: the world's
// trace hash and the cached link of a sandbox with 500 commands.
func BenchmarkShareEachTick(b *testing.B) {
	s, err := Open(Link{Nodes: 0, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 500; i++ {
		s.Send(fmt.Sprintf("etcdctl put /registry/pods/p%d v%d", i%40, i))
		s.Tick(time.Second / 60)
	}
	for b.Loop() {
		s.Share()
	}
	b.ReportMetric(float64(len(s.Share().Query)), "link-bytes")
}

// BenchmarkShareNewCommand is the cost of the first share after a new
// command: the whole log encoded again.
func BenchmarkShareNewCommand(b *testing.B) {
	log := sampleLog(500)
	for b.Loop() {
		EncodeCommands(log)
	}
	b.ReportMetric(float64(len(EncodeCommands(log))), "cmds-bytes")
}

// BenchmarkShareLongSession: a long session's log (5,000 commands) is
// encoded fast, since every new command encodes it again.
func BenchmarkShareLongSession(b *testing.B) {
	log := sampleLog(5000)
	for b.Loop() {
		EncodeCommands(log)
	}
	b.ReportMetric(float64(len(EncodeCommands(log))), "cmds-bytes")
}

// A command typed during a lesson is not in a lesson link: the share says
// so, until stepping back replays the steps without it.
func TestShareNotesCommandsTypedInALesson(t *testing.T) {
	s, err := Open(Link{Lesson: "revisions", Nodes: 0})
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"next", "next"} {
		s.Send(cmd)
		s.Tick(time.Second / 60)
	}
	if n := s.Share().Note; n != "" {
		t.Fatalf("note %q before anything was typed", n)
	}
	s.Send("etcdctl put /typed 1")
	s.Tick(time.Second / 60)
	if n := s.Share().Note; n != noteTyped {
		t.Errorf("note %q after a typed command", n)
	}
	for w, i := s.sim.World(), 0; s.sim.World() == w; i++ { // back a beat until a step is undone
		if i == 5 {
			t.Fatal("back never undid a step")
		}
		s.Send("back")
		s.Tick(time.Second / 60)
		if n := s.Share().Note; s.sim.World() == w && n != noteTyped {
			t.Fatalf("note %q while the typed command is still in the world", n)
		}
	}
	if n := s.Share().Note; n != "" {
		t.Errorf("note %q after stepping back", n)
	}
}

// A lesson opened from a file travels in a link by id only: the share
// says so unless the file is the app's own lesson, unchanged.
func TestShareNotesALessonFromAFile(t *testing.T) {
	s, err := Open(Link{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Author().Open("cues.md", cuesSource(t)); err != nil {
		t.Fatal(err)
	}
	if n := s.Share().Note; n != noteFile {
		t.Errorf("a lesson of its own id from a file: note %q, want %q", n, noteFile)
	}
	own, err := os.ReadFile("../../lessons/content/revisions.md")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Author().Open("revisions.md", string(own)); err != nil {
		t.Fatal(err)
	}
	if n := s.Share().Note; n != "" {
		t.Errorf("the built-in revisions lesson, opened from its own file: note %q, want none", n)
	}
	edited := strings.Replace(string(own), "\n\n", "\n\n\n", 1) // moves every line after it
	if err := s.Author().Open("revisions.md", edited); err != nil {
		t.Fatal(err)
	}
	if n := s.Share().Note; n != noteFile {
		t.Errorf("an edited copy of revisions: note %q, want %q", n, noteFile)
	}
	if err := s.Lessons().Open("revisions", 0, 1); err != nil {
		t.Fatal(err)
	}
	if n := s.Share().Note; n != "" {
		t.Errorf("the built-in revisions lesson: note %q, want none", n)
	}
}
