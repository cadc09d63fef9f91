package apimachinery

import (
	"encoding/base64"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"time"
)

// wireObject is the Kubernetes JSON shape of an object, in the field
// order the API server writes: kind, apiVersion, metadata, spec, status.
type wireObject struct {
	Kind       string            `json:"kind,omitempty"`
	APIVersion string            `json:"apiVersion,omitempty"`
	Metadata   wireMeta          `json:"metadata"`
	Spec       *wireSpec         `json:"spec,omitempty"`
	Status     *struct{}         `json:"status,omitempty"`
	Data       map[string]string `json:"data,omitempty"`
	Type       string            `json:"type,omitempty"` // a Secret's type
}

type wireMeta struct {
	Name              string            `json:"name,omitempty"`
	Namespace         string            `json:"namespace,omitempty"`
	UID               string            `json:"uid,omitempty"`
	ResourceVersion   string            `json:"resourceVersion,omitempty"`
	CreationTimestamp string            `json:"creationTimestamp,omitempty"`
	Labels            map[string]string `json:"labels,omitempty"`
	Annotations       map[string]string `json:"annotations,omitempty"`
}

type wireSpec struct {
	NodeName string `json:"nodeName,omitempty"`
}

func isBookmarkShape(o *Object) bool {
	return o.Name == "" && o.Namespace == "" && o.UID == ""
}

// MarshalJSON writes the object in the wire shape `kubectl -o json` and
// watch streams show. Maps print with sorted keys. A bookmark object
// (no name) prints only kind, apiVersion and metadata.
func (o *Object) MarshalJSON() ([]byte, error) {
	w := wireObject{Kind: o.Kind, Metadata: wireMeta{
		Name: o.Name, Namespace: o.Namespace, UID: o.UID,
		ResourceVersion: o.ResourceVersion,
		Labels:          o.Labels, Annotations: o.Annotations,
	}}
	if r, ok := LookupResource(o.Kind); ok {
		w.APIVersion = r.APIVersion()
	}
	if !isBookmarkShape(o) {
		w.Metadata.CreationTimestamp = Epoch.Add(o.CreationTimestamp).Format(time.RFC3339)
		if o.Kind == "Pod" {
			w.Spec = &wireSpec{NodeName: o.Spec.NodeName}
		}
	}
	w.Data = o.Data
	if o.Kind == "Secret" {
		// A Secret's data is base64 on the wire; kubectl create secret
		// generic makes an Opaque one.
		w.Data, w.Type = make(map[string]string, len(o.Data)), "Opaque"
		for _, k := range slices.Sorted(maps.Keys(o.Data)) {
			w.Data[k] = base64.StdEncoding.EncodeToString([]byte(o.Data[k]))
		}
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads the wire shape back (kubectl create -f).
func (o *Object) UnmarshalJSON(data []byte) error {
	var w wireObject
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*o = Object{Kind: w.Kind, ObjectMeta: ObjectMeta{
		Name: w.Metadata.Name, Namespace: w.Metadata.Namespace, UID: w.Metadata.UID,
		ResourceVersion: w.Metadata.ResourceVersion,
		Labels:          w.Metadata.Labels, Annotations: w.Metadata.Annotations,
	}}
	if t, err := time.Parse(time.RFC3339, w.Metadata.CreationTimestamp); err == nil {
		o.CreationTimestamp = t.Sub(Epoch)
	}
	if w.Spec != nil {
		o.Spec.NodeName = w.Spec.NodeName
	}
	o.Data = w.Data
	if w.Kind == "Secret" && w.Data != nil {
		o.Data = make(map[string]string, len(w.Data))
		for _, k := range slices.Sorted(maps.Keys(w.Data)) {
			b, err := base64.StdEncoding.DecodeString(w.Data[k])
			if err != nil {
				return err
			}
			o.Data[k] = string(b)
		}
	}
	return nil
}

// MarshalJSON writes one watch event as the API server streams it:
//
//	{"type":"ADDED","object":{"kind":"Pod","apiVersion":"v1",...}}
//	{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1",...,"code":410}}
func (e WatchEvent) MarshalJSON() ([]byte, error) {
	var obj any = e.Object
	if e.Type == Error && e.Status != nil {
		obj = e.Status
	}
	return json.Marshal(struct {
		Type   EventType `json:"type"`
		Object any       `json:"object"`
	}{e.Type, obj})
}

// WatchEventLine is the JSON line form of an event (no trailing newline).
func WatchEventLine(e WatchEvent) string {
	b, err := json.Marshal(e)
	if err != nil {
		return `{"type":"ERROR"}`
	}
	return strings.TrimSpace(string(b))
}
