package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPatchBuiltinShader: the patched builtinshader keeps its API, imports nothing, and
// holds the twelve sources Ebitengine's template makes (each filter, address and colour
// matrix: the nearest filter samples one texel, the linear one four; the repeat address
// wraps; the colour matrix is applied only when asked).
func TestPatchBuiltinShader(t *testing.T) {
	path := moduleCopy(t, "internal/builtinshader/shader.go", t.TempDir())
	if err := patchBuiltinShader(path); err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Imports) != 0 {
		t.Errorf("the patched file imports %d packages", len(f.Imports))
	}
	decls := map[string]bool{}
	var sources []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			decls[n.Name.Name] = true
		case *ast.ValueSpec:
			for _, id := range n.Names {
				decls[id.Name] = true
			}
		case *ast.TypeSpec:
			decls[n.Name.Name] = true
		case *ast.BasicLit:
			if n.Kind == token.STRING && strings.HasPrefix(n.Value, `"`) {
				s, err := strconv.Unquote(n.Value)
				if err != nil {
					t.Fatal(err)
				}
				if strings.HasPrefix(s, "//kage:unit pixels") {
					sources = append(sources, s)
				}
			}
		}
		return true
	})
	for _, name := range []string{"Filter", "Address", "FilterCount", "AddressCount", "ShaderSource", "ScreenShaderSource", "ClearShaderSource", "AppendShaderSources", "UniformColorMBody", "sources"} {
		if !decls[name] {
			t.Errorf("the patched file has no %s", name)
		}
	}
	if decls["tmpl"] {
		t.Error("the patched file still has the template")
	}
	if len(sources) != 12 {
		t.Fatalf("%d sources in the table, want 12", len(sources))
	}
	for i, s := range sources {
		filter, address, colorM := i/6, i/2%3, i%2 == 1
		want := 1 // the nearest filter samples one texel, the linear four
		if filter == 1 {
			want = 4
		}
		if n := strings.Count(s, "imageSrc0UnsafeAt(") + strings.Count(s, "imageSrc0At("); n != want {
			t.Errorf("source %d (filter %d, address %d): %d samples", i, filter, address, n)
		}
		if strings.Contains(s, "adjustTexelForAddressRepeat") != (address == 2) {
			t.Errorf("source %d (address %d): the repeat wrap is there or missing", i, address)
		}
		if strings.Contains(s, "ColorMBody * clr") != colorM {
			t.Errorf("source %d (colour matrix %t): the matrix is there or missing", i, colorM)
		}
		if !strings.Contains(s, "func Fragment(") || strings.Contains(s, "{{") {
			t.Errorf("source %d is not a filled template:\n%s", i, s)
		}
	}
}

// TestPatchUI: every change to ui_js.go applies once, the file still parses, the loop
// parks in the minimum mode instead of asking for the next frame, and ScheduleFrame and
// SetFPSMode start it again.
func TestPatchUI(t *testing.T) {
	out := t.TempDir()
	moduleCopy(t, "internal/ui/ui_js.go", out)
	if err := patchUI(out); err != nil {
		t.Fatal(err)
	}
	calls := map[string][]string{} // function -> the quintet functions it calls
	for _, name := range []string{"ui_js.go", "quintet_park_js.go"} {
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(out, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			fd, ok := n.(*ast.FuncDecl)
			if !ok {
				return true
			}
			ast.Inspect(fd, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					if id, ok := c.Fun.(*ast.Ident); ok && strings.HasPrefix(id.Name, "quintet") {
						calls[fd.Name.Name] = append(calls[fd.Name.Name], id.Name)
					}
				}
				return true
			})
			return false
		})
	}
	for fn, want := range map[string]string{"ScheduleFrame": "quintetUnpark", "SetFPSMode": "quintetUnpark", "loopGame": "quintetPark", "quintetPark": "quintetUnpark"} {
		if got := calls[fn]; len(got) != 1 || got[0] != want {
			t.Errorf("%s calls %q, want [%s]", fn, got, want)
		}
	}
	patched, err := os.ReadFile(filepath.Join(out, "ui_js.go"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(patched), "case FPSModeVsyncOffMinimum:\n\t\t\trequestAnimationFrame.Invoke(cf)") {
		t.Error("the loop still asks for every frame in the minimum mode")
	}
	// A second run finds nothing to patch: the texts are exact.
	if err := patchUI(out); err == nil {
		t.Error("patching the patched file again succeeded")
	}
}

// TestPatchGL: the canvas's WebGL context is asked for without multisampling, once.
func TestPatchGL(t *testing.T) {
	path, patched := patchedCopy(t, glFile, glPatches)
	if n := strings.Count(patched, `attr.Set("antialias", false)`); n != 1 {
		t.Errorf("antialias set to false %d times, want once", n)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), path, nil, 0); err != nil {
		t.Error(err)
	}
}

// TestPatchFill: each change a fill needs applies once and leaves its file parsing: Fill
// draws with the fill's blend only, the command queue asks the driver to clear before it
// draws, and the WebGL context binds clearColor. (The copy's own TestQuintetFill, run by
// ebitenpatch, checks what the queue then does.)
func TestPatchFill(t *testing.T) {
	want := map[string][]string{
		fillImageFile:   {"blend := graphicsdriver.QuintetBlendFill"},
		fillCommandFile: {"if done, err := c.quintetFill(graphicsDriver); done || err != nil {\n\t\treturn err\n\t}\n\treturn graphicsDriver.DrawTriangles("},
		fillGLFile:      {"\tfnClearColor ", `v.Get("clearColor").Call("bind", v)`},
	}
	for file, patches := range fillPatches {
		path, b := patchedCopy(t, file, patches)
		for _, w := range want[file] {
			if n := strings.Count(b, w); n != 1 {
				t.Errorf("%s: %q %d times, want once", file, w, n)
			}
		}
		if _, err := parser.ParseFile(token.NewFileSet(), path, nil, 0); err != nil {
			t.Error(err)
		}
		if file == fillImageFile && strings.Contains(b, "blend = graphicsdriver.BlendSourceOver") {
			t.Error("Fill still switches to source-over")
		}
	}
	if len(want) != len(fillPatches) {
		t.Errorf("%d files patched for fills, the test knows %d", len(fillPatches), len(want))
	}
	for path, src := range fillFiles {
		if _, err := parser.ParseFile(token.NewFileSet(), path, src, 0); err != nil {
			t.Error(err)
		}
	}
}

// TestPatchShader: the WebGL driver takes a program's GLSL from the generated table and
// no longer calls (or imports) the GLSL generator.
func TestPatchShader(t *testing.T) {
	path, patched := patchedCopy(t, shaderFile, shaderPatches)
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, im := range f.Imports {
		if strings.HasSuffix(im.Path.Value, `/glsl"`) {
			t.Errorf("the patched file still imports %s", im.Path.Value)
		}
	}
	if strings.Contains(patched, "glsl.") || strings.Count(patched, "quintetGLSL[") != 1 {
		t.Error("the patched file does not look its GLSL up once instead of making it")
	}
}

// patchedCopy copies the module's file rel into a temporary folder, applies patches to
// it and returns the copy's path and text.
func patchedCopy(t *testing.T, rel string, patches [][2]string) (string, string) {
	t.Helper()
	path := moduleCopy(t, rel, t.TempDir())
	if err := replaceExact(path, patches); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, string(b)
}

// moduleCopy copies the module's file rel (slash-separated) into folder dir and returns
// the copy's path.
func moduleCopy(t *testing.T, rel, dir string) string {
	t.Helper()
	mod, _, err := moduleDir()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(mod, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, filepath.Base(rel))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
