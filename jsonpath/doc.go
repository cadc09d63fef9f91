/*
Copyright 2015 The Kubernetes Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// Package jsonpath is kubectl's JSONPath dialect: the template engine of
// k8s.io/client-go/util/jsonpath (v0.36.5), copied here so that the page
// (app.wasm) can run `kubectl get -o jsonpath=...`, custom-columns and
// --sort-by without linking client-go. It is not RFC 9535: a template is
// text with {expressions} in it, {range}...{end} iterates, {.a.b}, [*],
// [1:3], ['k'], [?(@.x=="y")] filters, .. descends, and quoted literals
// ({"\n"}) print themselves.
//
// The code is client-go's, unchanged but for the package it lives in
// (its third_party template helpers are compare.go) and one thing: a map
// wildcard ({.metadata.labels.*}, ..) visits keys sorted, where client-go
// visits them in Go's random map order; and a template on which client-go's
// walker panics is an error here. The live harness (conformance/live
// k18-jsonpath) compares it with the real kubectl; FuzzJSONPath keeps it
// from panicking on whatever a learner types.
package jsonpath
