package web

import (
	"archive/zip"
	"bytes"
	"embed"
	"encoding/xml"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"watchscope/lessons"
)

// A SCORM 1.2 content package is what a learning platform (Moodle,
// Canvas, Docebo, ...) imports: a zip with imsmanifest.xml at its root.
// The manifest lists one organization of items, each item launching a
// Sharable Content Object (SCO), and the resources (files) they use:
//
//	imsmanifest.xml
//	  organizations/organization      the course: one item per lesson,
//	    item gone-410                 in catalogue order, with its title,
//	      adlcp:masteryscore 50       the score that passes, and its minutes
//	  resources
//	    resource sco-gone-410         adlcp:scormtype="sco", launched as
//	                                  index.html?lesson=gone-410&sco=1...
//	    resource app                  adlcp:scormtype="asset": the app's
//	                                  files, once, shared by every SCO
//
// The platform serves the files and gives the launched page its runtime
// API (window.API, found by walking parent and opener frames); web/scorm.js
// speaks to it. Nothing in the package calls any other server.

// SCO is one lesson as the package lists it.
type SCO struct {
	ID        string // the lesson id: ?lesson=ID
	Title     string
	Minutes   int
	Mastery   int // percent of questions right that passes (adlcp:masteryscore)
	Questions int // predict-then-reveal questions; none: "completed", not passed/failed
}

// LessonSCOs lists the built-in lessons as the package does: every lesson
// in catalogue order but free play (no script to finish).
func LessonSCOs() ([]SCO, error) {
	all, err := lessons.All()
	if err != nil {
		return nil, err
	}
	var scos []SCO
	for _, l := range all {
		if !l.FreePlay() {
			scos = append(scos, SCO{ID: l.ID, Title: l.Title, Minutes: l.Minutes,
				Mastery: l.MasteryScore(), Questions: l.Questions()})
		}
	}
	return scos, nil
}

// Launch is the SCO's launch address relative to the package root. The
// query carries what the page's SCORM runtime needs without asking the
// platform: sco=1 (launched by a platform), the mastery score, and the
// number of questions.
func (s SCO) Launch() string {
	return fmt.Sprintf("index.html?lesson=%s&sco=1&mastery=%d&questions=%d", s.ID, s.Mastery, s.Questions)
}

// The manifest's XML, element by element. Namespaces: IMS CP 1.1.2 for
// the package, ADL CP 1.2 for the SCORM extensions (scormtype,
// masteryscore, typicallearningtime).
const (
	nsIMSCP = "http://www.imsproject.org/xsd/imscp_rootv1p1p2"
	nsADLCP = "http://www.adlnet.org/xsd/adlcp_rootv1p2"
	nsIMSMD = "http://www.imsglobal.org/xsd/imsmd_rootv1p2p1"
	nsXSI   = "http://www.w3.org/2001/XMLSchema-instance"
)

type manifestXML struct {
	XMLName        xml.Name    `xml:"manifest"`
	Xmlns          string      `xml:"xmlns,attr"`
	XmlnsADLCP     string      `xml:"xmlns:adlcp,attr"`
	XmlnsIMSMD     string      `xml:"xmlns:imsmd,attr"`
	XmlnsXSI       string      `xml:"xmlns:xsi,attr"`
	SchemaLocation string      `xml:"xsi:schemaLocation,attr"`
	Identifier     string      `xml:"identifier,attr"`
	Version        string      `xml:"version,attr"`
	Metadata       metadataXML `xml:"metadata"`
	Organizations  orgsXML     `xml:"organizations"`
	Resources      []resXML    `xml:"resources>resource"`
}

type metadataXML struct {
	Schema        string `xml:"schema"`
	SchemaVersion string `xml:"schemaversion"`
}

type orgsXML struct {
	Default string `xml:"default,attr"`
	Org     orgXML `xml:"organization"`
}

type orgXML struct {
	Identifier string    `xml:"identifier,attr"`
	Title      string    `xml:"title"`
	Items      []itemXML `xml:"item"`
}

type itemXML struct {
	Identifier    string      `xml:"identifier,attr"`
	IdentifierRef string      `xml:"identifierref,attr"`
	Title         string      `xml:"title"`
	Metadata      itemMetaXML `xml:"metadata"`
	MasteryScore  int         `xml:"adlcp:masteryscore"`
}

// itemMetaXML is an item's IMS metadata (LOM 1.2.1): how long the lesson
// takes, as an ISO 8601 duration and in words.
type itemMetaXML struct {
	Duration string `xml:"imsmd:lom>imsmd:educational>imsmd:typicallearningtime>imsmd:datetime"`
}

type resXML struct {
	Identifier string   `xml:"identifier,attr"`
	Type       string   `xml:"type,attr"`
	ScormType  string   `xml:"adlcp:scormtype,attr"`
	Href       string   `xml:"href,attr,omitempty"`
	Files      []refXML `xml:"file"`
	Depends    []depXML `xml:"dependency"`
}

type refXML struct {
	Href string `xml:"href,attr"`
}

type depXML struct {
	IdentifierRef string `xml:"identifierref,attr"`
}

// schemas are the XML schemas of SCORM 1.2's manifest: IMS CP 1.1.2, IMS
// metadata 1.2.1 and ADL CP 1.2.
//
//go:embed scorm12/*.xsd
var schemas embed.FS

// appResource is the asset resource holding the app's files.
const appResource = "watchscope-app"

// Manifest writes imsmanifest.xml for the SCOs, in their order, over the
// app's files (paths relative to the package root, '/'-separated).
func Manifest(scos []SCO, files []string) ([]byte, error) {
	if len(scos) == 0 {
		return nil, fmt.Errorf("scorm: no lessons to package")
	}
	if !slices.Contains(files, "index.html") {
		return nil, fmt.Errorf("scorm: the app's files have no index.html")
	}
	m := manifestXML{
		Xmlns: nsIMSCP, XmlnsADLCP: nsADLCP, XmlnsIMSMD: nsIMSMD, XmlnsXSI: nsXSI,
		SchemaLocation: nsIMSCP + " imscp_rootv1p1p2.xsd " + nsIMSMD + " imsmd_rootv1p2p1.xsd " +
			nsADLCP + " adlcp_rootv1p2.xsd",
		Identifier: "watchscope", Version: "1.2",
		Metadata: metadataXML{Schema: "ADL SCORM", SchemaVersion: "1.2"},
		Organizations: orgsXML{Default: "watchscope-course", Org: orgXML{
			Identifier: "watchscope-course", Title: "WatchScope: how Kubernetes watches really work"}},
	}
	app := resXML{Identifier: appResource, Type: "webcontent", ScormType: "asset"}
	for _, f := range files {
		app.Files = append(app.Files, refXML{Href: f})
	}
	for _, s := range scos {
		if !idOK(s.ID) {
			return nil, fmt.Errorf("scorm: lesson id %q cannot name a SCO", s.ID)
		}
		if s.Mastery < 0 || s.Mastery > 100 {
			return nil, fmt.Errorf("scorm: lesson %s: mastery %d is not 0 to 100", s.ID, s.Mastery)
		}
		res := "sco-" + s.ID
		m.Organizations.Org.Items = append(m.Organizations.Org.Items, itemXML{
			Identifier: "item-" + s.ID, IdentifierRef: res, Title: s.Title,
			Metadata:     itemMetaXML{Duration: fmt.Sprintf("PT%dM", s.Minutes)},
			MasteryScore: s.Mastery})
		m.Resources = append(m.Resources, resXML{Identifier: res, Type: "webcontent", ScormType: "sco",
			Href: s.Launch(), Files: []refXML{{Href: "index.html"}}, Depends: []depXML{{IdentifierRef: appResource}}})
	}
	m.Resources = append(m.Resources, app)
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// idOK reports whether a lesson id is safe as an XML ID and in a URL:
// lesson ids are lower-case letters, digits and dashes, starting with a letter.
func idOK(id string) bool {
	if id == "" || id[0] < 'a' || id[0] > 'z' {
		return false
	}
	return strings.Trim(id, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// packageSkips are a built site's files the package leaves out: the
// precompressed copies (a platform serves files as they are), the static
// hosts' headers file, the offline archive and the service worker's files
// (a platform page does not install a worker in the platform's origin).
func packageSkips(name string) bool {
	switch {
	case strings.HasSuffix(name, ".br"), strings.HasSuffix(name, ".gz"),
		strings.HasSuffix(name, ".zip"), name == "_headers",
		name == "sw.js", name == "offline.json":
		return true
	}
	return false
}

// SiteFiles lists a built site's files for the package, sorted.
func SiteFiles(site string) ([]string, error) {
	if _, err := os.Stat(filepath.Join(site, "index.html")); err != nil {
		return nil, fmt.Errorf("scorm: no built app in %s (make wasm builds it)", site)
	}
	var files []string
	err := filepath.WalkDir(site, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(site, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if !packageSkips(path.Base(rel)) {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("scorm: reading the built site: %w", err)
	}
	slices.Sort(files)
	return files, nil
}

// WriteSCORM12 writes the SCORM 1.2 package of a built site (web/build.sh
// SITE) with one SCO per lesson.
func WriteSCORM12(out io.Writer, site string, scos []SCO) error {
	files, err := SiteFiles(site)
	if err != nil {
		return err
	}
	manifest, err := Manifest(scos, files)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(out)
	// A fixed modification time: the same site and lessons make the same zip.
	stamp := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	put := func(name string, body []byte) error {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: stamp})
		if err != nil {
			return err
		}
		_, err = w.Write(body)
		return err
	}
	if err := put("imsmanifest.xml", manifest); err != nil {
		return err
	}
	// The schemas the manifest names sit beside it, as SCORM 1.2 packages
	// carry them (scorm12/SOURCE.md says where they come from).
	xsds, _ := fs.Glob(schemas, "scorm12/*.xsd")
	for _, x := range xsds {
		body, _ := schemas.ReadFile(x)
		if err := put(path.Base(x), body); err != nil {
			return err
		}
	}
	for _, f := range files {
		body, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(f)))
		if err != nil {
			return fmt.Errorf("scorm: %w", err)
		}
		if err := put(f, body); err != nil {
			return err
		}
	}
	return zw.Close()
}
