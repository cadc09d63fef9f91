package console

import (
	"strings"
)

// cat is the console's one file command, so a manifest can be written
// once and applied by name, as in a terminal:
//
//	cat > web.yaml <<'EOF'            a file from a here-document (a YAML
//	...                               dropped on the page arrives this way)
//	EOF
//	cat web.yaml                      print it
//	kubectl apply -f web.yaml         read it
//
// The files live in the shell (they are part of the world's command log,
// so a replay or a rewind has them too), not on the disk.
func (sh *Shell) cat(args []string) (string, error) {
	if sh.outFile != "" {
		if len(args) > 0 {
			return "", serverError("cat > FILE takes its text from a here-document (cat > " + sh.outFile + " <<EOF), not from files")
		}
		if sh.files == nil {
			sh.files = map[string]string{}
		}
		sh.files[strings.TrimPrefix(sh.outFile, "./")] = sh.stdin
		return "", nil
	}
	if len(args) == 0 {
		return sh.stdin, nil
	}
	var out strings.Builder
	for _, name := range args {
		text, ok := sh.readFile(name)
		if !ok {
			return out.String(), serverError("cat: " + name + ": No such file or directory")
		}
		out.WriteString(text)
	}
	return out.String(), nil
}

// readFile is a file written with cat > FILE ("-": the command's input).
func (sh *Shell) readFile(name string) (string, bool) {
	if name == "-" {
		return sh.stdin, true
	}
	return sh.File(name)
}

// HasFile reports whether the console has a file of that name.
func (sh *Shell) HasFile(name string) bool {
	_, ok := sh.File(name)
	return ok
}

// File is the text of a console file (written with cat > FILE, or a file
// dropped on the page).
func (sh *Shell) File(name string) (string, bool) {
	text, ok := sh.files[strings.TrimPrefix(name, "./")]
	return text, ok
}
