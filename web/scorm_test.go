package web

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func catalogueSCOs(t *testing.T) []SCO {
	t.Helper()
	scos, err := LessonSCOs()
	if err != nil {
		t.Fatal(err)
	}
	return scos
}

// allSchemas imports the three namespaces a SCORM 1.2 manifest uses, so
// that one xmllint run validates every element of it.
const allSchemas = `<?xml version="1.0"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:import namespace="http://www.imsproject.org/xsd/imscp_rootv1p1p2" schemaLocation="imscp_rootv1p1p2.xsd"/>
  <xsd:import namespace="http://www.imsglobal.org/xsd/imsmd_rootv1p2p1" schemaLocation="imsmd_rootv1p2p1.xsd"/>
  <xsd:import namespace="http://www.adlnet.org/xsd/adlcp_rootv1p2" schemaLocation="adlcp_rootv1p2.xsd"/>
</xsd:schema>
`

// xmllintValidate validates a manifest with xmllint against the committed
// schemas and returns xmllint's verdict.
func xmllintValidate(t *testing.T, manifest []byte) (string, error) {
	t.Helper()
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Fatal("xmllint is missing: scripts/deps.sh installs libxml2-utils")
	}
	dir := t.TempDir()
	xsds, _ := filepath.Glob("scorm12/*.xsd")
	for _, x := range xsds {
		body, err := os.ReadFile(x)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, filepath.Base(x)), body, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "all.xsd"), []byte(allSchemas), 0o644)
	os.WriteFile(filepath.Join(dir, "imsmanifest.xml"), manifest, 0o644)
	out, err := exec.Command("xmllint", "--noout", "--schema", filepath.Join(dir, "all.xsd"),
		filepath.Join(dir, "imsmanifest.xml")).CombinedOutput()
	return string(out), err
}

func TestManifestValidates(t *testing.T) {
	m, err := Manifest(catalogueSCOs(t), []string{"index.html", "app.wasm", "loader.js", "scorm.js"})
	if err != nil {
		t.Fatal(err)
	}
	if out, err := xmllintValidate(t, m); err != nil {
		t.Fatalf("xmllint: %v\n%s\n%s", err, out, m)
	}
}

// The validation bites: a manifest with an element the schemas do not
// allow where it stands fails.
func TestManifestValidationBites(t *testing.T) {
	m, err := Manifest(catalogueSCOs(t)[:1], []string{"index.html"})
	if err != nil {
		t.Fatal(err)
	}
	for name, broken := range map[string]string{
		"mastery out of order": strings.Replace(string(m), "<title>Revisions", "<adlcp:masteryscore>1</adlcp:masteryscore><title>Revisions", 1),
		"unknown scormtype":    strings.Replace(string(m), `adlcp:scormtype="sco"`, `adlcp:scormtype="lesson"`, 1),
		"no organizations":     strings.Replace(strings.Replace(string(m), "<organizations", "<orgs", 1), "</organizations>", "</orgs>", 1),
	} {
		if broken == string(m) {
			t.Fatalf("%s: the mutation did not apply", name)
		}
		if out, err := xmllintValidate(t, []byte(broken)); err == nil {
			t.Errorf("%s: xmllint accepted it:\n%s", name, out)
		}
	}
}

// manifestRead is what the tests read back from a manifest.
type manifestRead struct {
	Items []struct {
		ID      string `xml:"identifier,attr"`
		Ref     string `xml:"identifierref,attr"`
		Title   string `xml:"title"`
		Mastery int    `xml:"masteryscore"`
		Time    string `xml:"metadata>lom>educational>typicallearningtime>datetime"`
	} `xml:"organizations>organization>item"`
	Resources []struct {
		ID    string `xml:"identifier,attr"`
		Type  string `xml:"scormtype,attr"`
		Href  string `xml:"href,attr"`
		Files []struct {
			Href string `xml:"href,attr"`
		} `xml:"file"`
		Deps []struct {
			Ref string `xml:"identifierref,attr"`
		} `xml:"dependency"`
	} `xml:"resources>resource"`
}

func TestManifestListsEveryLessonInOrder(t *testing.T) {
	scos := catalogueSCOs(t)
	files := []string{"app.wasm", "index.html", "loader.js"}
	m, err := Manifest(scos, files)
	if err != nil {
		t.Fatal(err)
	}
	var got manifestRead
	if err := xml.Unmarshal(m, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Items) != len(scos) || len(got.Resources) != len(scos)+1 {
		t.Fatalf("%d items and %d resources for %d lessons", len(got.Items), len(got.Resources), len(scos))
	}
	for i, s := range scos {
		it, res := got.Items[i], got.Resources[i]
		if it.ID != "item-"+s.ID || it.Ref != res.ID || it.Title != s.Title || it.Mastery != s.Mastery {
			t.Errorf("item %d: %+v, want lesson %+v", i, it, s)
		}
		if want := "PT" + itoa(s.Minutes) + "M"; it.Time != want {
			t.Errorf("%s: learning time %q, want %q", s.ID, it.Time, want)
		}
		wantHref := "index.html?lesson=" + s.ID + "&sco=1&mastery=" + itoa(s.Mastery) + "&questions=" + itoa(s.Questions)
		if res.Type != "sco" || res.Href != wantHref || len(res.Deps) != 1 || res.Deps[0].Ref != appResource {
			t.Errorf("%s: resource %+v", s.ID, res)
		}
	}
	app := got.Resources[len(scos)]
	var hrefs []string
	for _, f := range app.Files {
		hrefs = append(hrefs, f.Href)
	}
	if app.Type != "asset" || !slices.Equal(hrefs, files) {
		t.Errorf("app resource %+v", app)
	}
	if scos[0].ID != "revisions" {
		t.Errorf("the course starts with %s, want revisions (the catalogue's first)", scos[0].ID)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestManifestRefusesBadInput(t *testing.T) {
	ok := SCO{ID: "revisions", Title: "R", Minutes: 5, Mastery: 50}
	for name, c := range map[string]struct {
		scos  []SCO
		files []string
		want  string
	}{
		"no lessons":    {nil, []string{"index.html"}, "no lessons"},
		"no index.html": {[]SCO{ok}, []string{"app.wasm"}, "no index.html"},
		"bad id":        {[]SCO{{ID: "Gone 410", Title: "x"}}, []string{"index.html"}, `"Gone 410"`},
		"mastery 101":   {[]SCO{{ID: "x", Title: "x", Mastery: 101}}, []string{"index.html"}, "mastery 101"},
	} {
		_, err := Manifest(c.scos, c.files)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", name, err, c.want)
		}
	}
}

// The zip holds the manifest and schemas at its root and the site's files
// once, without the precompressed copies or the offline worker.
func TestWriteSCORM12(t *testing.T) {
	site := t.TempDir()
	for _, f := range []string{"index.html", "app.wasm", "app.wasm.br", "app.wasm.gz", "loader.js",
		"scorm.js", "sw.js", "offline.json", "_headers", "watchscope-offline.zip", "fonts/go.ttf"} {
		os.MkdirAll(filepath.Dir(filepath.Join(site, f)), 0o755)
		os.WriteFile(filepath.Join(site, f), []byte("body of "+f), 0o644)
	}
	var b bytes.Buffer
	if err := WriteSCORM12(&b, site, []SCO{{ID: "revisions", Title: "Revisions", Minutes: 5, Mastery: 50, Questions: 2}}); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	want := []string{"imsmanifest.xml", "adlcp_rootv1p2.xsd", "ims_xml.xsd", "imscp_rootv1p1p2.xsd",
		"imsmd_rootv1p2p1.xsd", "app.wasm", "fonts/go.ttf", "index.html", "loader.js", "scorm.js"}
	if !slices.Equal(names, want) {
		t.Errorf("zip holds %q, want %q", names, want)
	}
	var again bytes.Buffer
	WriteSCORM12(&again, site, []SCO{{ID: "revisions", Title: "Revisions", Minutes: 5, Mastery: 50, Questions: 2}})
	if !bytes.Equal(b.Bytes(), again.Bytes()) {
		t.Error("two packages of the same site differ")
	}
}
