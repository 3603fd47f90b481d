// Command ebitenpatch makes the copy of Ebitengine that the page is built with. Two of
// Ebitengine's files cost the page most of a megabyte for work the page never needs done
// at run time:
//
//   - internal/builtinshader writes its built-in shaders' Kage sources with text/template,
//     whose reflection (reflect.Value.MethodByName) keeps every exported method of every
//     type in the binary: 2.9 MB of main.wasm, 0.33 MB of brotli;
//   - internal/graphics compiles those sources with the Kage compiler (go/parser, go/ast,
//     go/constant's arithmetic, regexp) in the page's init and on the first draws:
//     1.4 MB more, and most of a second before the first frame in a software-WebGL page.
//
// In the copy, the sources are made once here with Ebitengine's own template, and the
// programs (shaderir) compiled here, natively, by Ebitengine's own compiler and written
// out (encoded in strings, read back by a small decoder added to the copy); a test run in
// the copy checks every written program against the compiler's before the compiler is
// cut out. Each program's GLSL is written out too, and the WebGL driver looks it up
// rather than generating it at the first draw with the shader (shaderPatches); so the
// programs are written without their functions' bodies, which only GLSL was made from,
// and with the uniforms the bodies use, worked out here (factorsSource). The page uses
// only the built-in shaders (it never calls ebiten.NewShader), so nothing else changes:
// the same GLSL, the same uniforms, the same pixels. The copy serves WebGL only: its
// programs cannot be compiled to another back end's language.
//
// The page's WebGL canvas is made without multisampling, which it never used (glPatches).
// And internal/ui/ui_js.go gets a loop that can stop: in the FPS mode that
// updates only on input or ScheduleFrame (the app's sleep, scenes.App), Ebitengine's
// loop still asked for every animation frame, sixty calls into Go a second to find
// nothing to do. The copy's loop parks instead until ScheduleFrame or a change of mode
// (park.go.txt). And a fill (Image.Fill: the app's background at the start of each frame)
// is a clear of its region rather than a drawn quad (fillPatches, fill.go.txt).
//
//	ebitenpatch -out bin/ebiten -modfile bin/wasm.mod
//
// writes the copy and a go.mod for the wasm build (the project's go.mod with a replace
// to the copy; build.sh passes it with go build -modfile). The patched files are pinned
// by their SHA-256 in the version go.mod requires: another version stops the build here,
// with the file to look at.
package main

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/template"
)

const (
	module  = "github.com/hajimehoshi/ebiten/v2"
	version = "v2.8.8"
)

// pinned are the files the copy changes, with their SHA-256 in version.
var pinned = map[string]string{
	"internal/builtinshader/shader.go": "932a4a04d35a2bafa2272c9089f963ba5f189d855931af8fc049ead7360f6ebe",
	"internal/graphics/shader.go":      "5c497ea1bc6e190cb41c3b64c46073e40832b2dfa49424b065037dff5a1bf99c",
	"internal/ui/ui_js.go":             "f527728bdececaaf43a1926b593464d84a070ca32512aa84b02c06f74e36dab3",
	glFile:                             "79673cc1c6a4bc526dae23b7952bf3a8847c2dc31f033f80d40e6cfabbdc2c2a",
	shaderFile:                         "849363a9d6b3ea3337abb617a67634bdf795704c2d126c05e083d574845a75ab",
	contextFile:                        "4d7cfb048616d92258cee81a3cb02b6d10113bc918aa2656102dc633bb7b261f",
	fillImageFile:                      "d940d9dab61f5bbe74da4dad17e19d5d590f8dee13d9a3d5f53252dd8fe46d18",
	fillCommandFile:                    "305578c703f44599647bd99cd671a9ddbddf96bf0e4e0e315dc1ae1645fc30a5",
	fillGLFile:                         "627aefa7c58133addc09760702ba689528b5d114c170e335141ddc0afbc60120",
}

var (
	//go:embed gen.go.txt
	genSource string // internal/quintetgen/main.go: writes the programs as Go
	//go:embed verify_test.go.txt
	verifySource string // internal/graphics/quintet_verify_test.go: checks them
	//go:embed decode.go.txt
	decodeSource string // internal/graphics/quintet_decode.go: reads them back
	//go:embed graphics_shader.go.txt
	graphicsShader string // internal/graphics/shader.go in the copy
	//go:embed park.go.txt
	parkSource string // internal/ui/quintet_park_js.go: the loop parks when idle
	//go:embed fill.go.txt
	fillSource string // internal/graphicsdriver/quintet_fill.go: the fill's blend
	//go:embed fill_command.go.txt
	fillCommandSource string // internal/graphicscommand/quintet_fill.go: fills run as clears
	//go:embed fill_opengl.go.txt
	fillOpenGLSource string // internal/graphicsdriver/opengl/quintet_fill.go: the clear
	//go:embed fill_gl_js.go.txt
	fillGLSource string // internal/graphicsdriver/opengl/gl/quintet_clear_js.go: clearColor
	//go:embed fill_test.go.txt
	fillTestSource string // internal/graphicscommand/quintet_fill_test.go: checks the fills
)

// factorsSource is added to internal/shaderir: the precompiled programs come without
// their functions' bodies, so the reader gives each the uniform factors that
// FilterUniformVariables would have worked out from them (decode.go.txt).
const factorsSource = `// This file is quintet's (cmd/ebitenpatch), added to its copy of Ebitengine.

package shaderir

// SetUniformFactors sets what FilterUniformVariables multiplies a draw's uniform values
// by, for a program read without its functions' bodies.
func (p *Program) SetUniformFactors(f []uint32) { p.uniformFactors = f }
`

// glFile makes the page's WebGL context.
const glFile = "internal/graphicsdriver/opengl/graphics_js.go"

// glPatches ask for a canvas without multisampling. Ebitengine draws each frame into
// images of its own and copies the result onto the canvas with one quad that covers it
// whole, which multisampling cannot smooth: four samples a pixel only cost memory (tens
// of megabytes on a phone's screen) and, in a software-WebGL browser, a tenth of each
// frame's time.
var glPatches = [][2]string{
	{"\tattr.Set(\"stencil\", true)\n", "\tattr.Set(\"stencil\", true)\n\tattr.Set(\"antialias\", false)\n"},
}

// uiPatches are the changes to internal/ui/ui_js.go, each an exact text and its
// replacement: in FPSModeVsyncOffMinimum the loop parks rather than asking for every
// frame (park.go.txt), and ScheduleFrame or a change of mode starts it again.
var uiPatches = [][2]string{
	{"func (u *UserInterface) SetFPSMode(mode FPSModeType) {\n\tu.fpsMode = mode\n}",
		"func (u *UserInterface) SetFPSMode(mode FPSModeType) {\n\tu.fpsMode = mode\n\tquintetUnpark()\n}"},
	{"func (u *UserInterface) ScheduleFrame() {\n\tu.renderingScheduled = true\n}",
		"func (u *UserInterface) ScheduleFrame() {\n\tu.renderingScheduled = true\n\tquintetUnpark()\n}"},
	{"\t\tcase FPSModeVsyncOffMinimum:\n\t\t\trequestAnimationFrame.Invoke(cf)\n",
		"\t\tcase FPSModeVsyncOffMinimum:\n\t\t\tquintetPark(u, cf)\n"},
}

// shaderFile compiles a program's GLSL into a WebGL program.
const shaderFile = "internal/graphicsdriver/opengl/shader.go"

// shaderPatches take each built-in shader's GLSL from a table (quintet_glsl.go, written
// with the programs) instead of making it from the program at the first draw with it: in
// a software-WebGL page that was a tenth of a second of the first frame (Ebitengine's
// GLSL generator, with the regexp and the big-number arithmetic it calls, each function
// compiled by V8 at its first call), and the generator's code leaves main.wasm.
var shaderPatches = [][2]string{
	{"\t\"github.com/hajimehoshi/ebiten/v2/internal/shaderir/glsl\"\n", ""},
	{"\tvssrc, fssrc := glsl.Compile(s.ir, s.graphics.context.glslVersion())\n",
		"\tsrc, ok := quintetGLSL[quintetGLSLKey{s.ir.SourceHash, s.graphics.context.glslVersion()}]\n" +
			"\tif !ok {\n" +
			"\t\treturn fmt.Errorf(\"opengl: no GLSL for the shader %s: this build of Ebitengine (quintet's cmd/ebitenpatch) has only the built-in shaders'\", s.ir.SourceHash)\n" +
			"\t}\n" +
			"\tvssrc, fssrc := src[0], src[1]\n"},
}

// contextFile draws each frame: the game's Draw into an offscreen image, then that
// image onto the canvas.
const contextFile = "internal/ui/context.go"

// contextPatches copy the offscreen image onto the canvas only in a frame where it
// changed. Ebitengine copies it in the three frames after as well, for platforms whose
// swap chain holds several buffers; a WebGL canvas that is not drawn in a frame keeps
// showing what it showed. App.Draw draws only when something changed, so each change cost
// four full-screen copies, and in a software-WebGL browser (the browser suite, phones
// without a GPU) each copy costs the GPU process about as much as the drawing itself.
//
// Nor is the canvas cleared before the copy when the copy covers all of it (the app lays
// its screen out in device pixels, so the offscreen image is the canvas's size and drawn
// at scale 1): a WebGL canvas's buffer is cleared after each frame shown anyway, and
// Ebitengine clears with a full-screen draw, a fifth of a frame's work in software WebGL.
var contextPatches = [][2]string{
	{"\tconst maxSkipCount = 4\n", "\tconst maxSkipCount = 1 // quintet: a canvas keeps its last frame\n"},
	{"\tif graphicsDriver.NeedsClearingScreen() {\n", "\tif graphicsDriver.NeedsClearingScreen() && !c.quintetCovers() {\n"},
	{"func (c *context) screenScaleAndOffsets() (scale, offsetX, offsetY float64) {\n",
		"// quintetCovers reports whether the final copy covers the whole screen.\n" +
			"func (c *context) quintetCovers() bool {\n" +
			"\ts, x, y := c.screenScaleAndOffsets()\n" +
			"\treturn s == 1 && x == 0 && y == 0 && c.offscreenWidth == c.screenWidth && c.offscreenHeight == c.screenHeight\n" +
			"}\n\n" +
			"func (c *context) screenScaleAndOffsets() (scale, offsetX, offsetY float64) {\n"},
}

// The files a fill goes through: Image.Fill (fillImageFile) draws a quad of one colour over
// the region, the command queue (fillCommandFile) hands it to the driver, and WebGL
// (fillGLFile) gets a clearColor for the clear that replaces it.
const (
	fillImageFile   = "internal/ui/image.go"
	fillCommandFile = "internal/graphicscommand/command.go"
	fillGLFile      = "internal/graphicsdriver/opengl/gl/default_js.go"
)

// fillPatches make a fill a clear of its region (fill.go.txt and the files it names): in
// a software-WebGL browser the app's full-screen fill at the start of each frame was about
// a quarter of the frame's work in the GPU process (some 19 ms of a chess frame's 75 at
// the desktop size), a clear a tenth of the fill's. Fill draws with a blend of its own
// (the same result as a copy), which tells the command queue to ask the driver for
// clears instead; a fill never joins the draws after it into one command any more
// (Fill's source-over for batching is gone), one draw call more.
var fillPatches = map[string][][2]string{
	fillImageFile: {{"\tblend := graphicsdriver.BlendCopy\n" +
		"\t// If possible, use BlendSourceOver to encourage batching (#2817).\n" +
		"\tif a == 1 && i.lastBlend == graphicsdriver.BlendSourceOver {\n" +
		"\t\tblend = graphicsdriver.BlendSourceOver\n" +
		"\t}\n",
		"\tblend := graphicsdriver.QuintetBlendFill // quintet: a clear where the driver can\n"}},
	fillCommandFile: {{"\treturn graphicsDriver.DrawTriangles(c.dst.image.ID(), imgs,",
		"\tif done, err := c.quintetFill(graphicsDriver); done || err != nil {\n\t\treturn err\n\t}\n" +
			"\treturn graphicsDriver.DrawTriangles(c.dst.image.ID(), imgs,"}},
	fillGLFile: {
		{"\tfnClear                    js.Value\n", "\tfnClear                    js.Value\n\tfnClearColor               js.Value\n"},
		{"\t\tfnClear:                    v.Get(\"clear\").Call(\"bind\", v),\n",
			"\t\tfnClear:                    v.Get(\"clear\").Call(\"bind\", v),\n\t\tfnClearColor:               v.Get(\"clearColor\").Call(\"bind\", v),\n"},
	},
}

// fillFiles are the files fillPatches add, by their path in the copy.
var fillFiles = map[string]string{
	"internal/graphicsdriver/quintet_fill.go":               fillSource,
	"internal/graphicscommand/quintet_fill.go":              fillCommandSource,
	"internal/graphicsdriver/opengl/quintet_fill.go":        fillOpenGLSource,
	"internal/graphicsdriver/opengl/gl/quintet_clear_js.go": fillGLSource,
}

func main() {
	out := flag.String("out", "bin/ebiten", "the folder of the copy (replaced)")
	modfile := flag.String("modfile", "bin/wasm.mod", "the go.mod written for the wasm build (and its .sum)")
	flag.Parse()
	if err := run(*out, *modfile); err != nil {
		fmt.Fprintln(os.Stderr, "ebitenpatch:", err)
		os.Exit(1)
	}
}

func run(out, modfile string) error {
	dir, ver, err := moduleDir()
	if err != nil {
		return err
	}
	if ver != version {
		return fmt.Errorf("go.mod requires %s %s; this tool's patch is for %s: check its pinned files against the new version and update it", module, ver, version)
	}
	for f, sum := range pinned {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return err
		}
		if got := sha256.Sum256(b); hex.EncodeToString(got[:]) != sum {
			return fmt.Errorf("%s@%s: %s is not the file this patch was made for (sha256 %x)", module, version, f, got)
		}
	}
	if out, err = filepath.Abs(out); err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(out) // never build with a half-made copy
		}
	}()
	if err := copyTree(dir, out); err != nil {
		return err
	}
	if err := writeModfile(modfile, out); err != nil {
		return err
	}
	if err := patchBuiltinShader(filepath.Join(out, "internal", "builtinshader", "shader.go")); err != nil {
		return err
	}
	if err := patchUI(filepath.Join(out, "internal", "ui")); err != nil {
		return err
	}
	if err := replaceExact(filepath.Join(out, filepath.FromSlash(glFile)), glPatches); err != nil {
		return err
	}
	if err := replaceExact(filepath.Join(out, filepath.FromSlash(contextFile)), contextPatches); err != nil {
		return err
	}
	for f, patches := range fillPatches {
		if err := replaceExact(filepath.Join(out, filepath.FromSlash(f)), patches); err != nil {
			return err
		}
	}
	for f, src := range fillFiles {
		if err := os.WriteFile(filepath.Join(out, filepath.FromSlash(f)), []byte(src), 0o644); err != nil {
			return err
		}
	}

	// The programs, written by Ebitengine's compiler (still in the copy), then checked.
	gen := filepath.Join(out, "internal", "quintetgen")
	precompiled := filepath.Join(out, "internal", "graphics", "quintet_precompiled.go")
	verify := filepath.Join(out, "internal", "graphics", "quintet_verify_test.go")
	if err := os.MkdirAll(gen, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(gen, "main.go"), []byte(genSource), 0o644); err != nil {
		return err
	}
	glsl := filepath.Join(out, "internal", "graphicsdriver", "opengl", "quintet_glsl.go")
	if err := goNative(modfile, "run", module+"/internal/quintetgen", precompiled, glsl); err != nil {
		return fmt.Errorf("writing the programs: %w", err)
	}
	if err := os.WriteFile(filepath.Join(out, "internal", "graphics", "quintet_decode.go"), []byte(decodeSource), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "internal", "shaderir", "quintet_factors.go"), []byte(factorsSource), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(verify, []byte(verifySource), 0o644); err != nil {
		return err
	}
	fillTest := filepath.Join(out, "internal", "graphicscommand", "quintet_fill_test.go")
	if err := os.WriteFile(fillTest, []byte(fillTestSource), 0o644); err != nil {
		return err
	}
	if err := goNative(modfile, "test", "-count=1", "-run", "^(TestQuintetPrecompiled|TestQuintetFill)$", module+"/internal/graphics", module+"/internal/graphicscommand"); err != nil {
		return fmt.Errorf("checking the programs and the fills: %w", err)
	}

	// The compiler out: CompileShader looks the programs up.
	for _, p := range []string{gen, verify, fillTest} {
		if err := os.RemoveAll(p); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(out, "internal", "graphics", "shader.go"), []byte(graphicsShader), 0o644); err != nil {
		return err
	}
	// And the GLSL generator: the driver looks the GLSL up.
	if err := replaceExact(filepath.Join(out, filepath.FromSlash(shaderFile)), shaderPatches); err != nil {
		return err
	}
	ok = true
	fmt.Printf("ebitenpatch: %s@%s in %s: built-in shaders precompiled\n", module, version, out)
	return nil
}

// moduleDir returns the folder and version of the module go.mod requires (downloaded
// first if the module cache lacks it).
func moduleDir() (dir, ver string, err error) {
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return "", "", fmt.Errorf("go mod download %s: %w", module, err)
	}
	var m struct{ Dir, Version string }
	if err := json.Unmarshal(b, &m); err != nil {
		return "", "", fmt.Errorf("go mod download %s: %w", module, err)
	}
	if m.Dir == "" {
		return "", "", fmt.Errorf("go mod download %s: no folder", module)
	}
	return m.Dir, m.Version, nil
}

// goNative runs a go command for this machine (not GOOS=js) with the wasm build's go.mod.
func goNative(modfile string, verb string, args ...string) error {
	cmd := exec.Command("go", append([]string{verb, "-modfile", modfile}, args...)...)
	cmd.Env = append(os.Environ(), "GOOS=", "GOARCH=", "CGO_ENABLED=0", "GOFLAGS=")
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

// copyTree copies the module without its examples and tests (read-only in the module
// cache; writable here).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if rel == "examples" || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if strings.HasSuffix(d.Name(), "_test.go") || !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}

// writeModfile writes the project's go.mod with a replace of the module by the copy,
// and its go.sum beside it.
func writeModfile(modfile, copyDir string) error {
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		return fmt.Errorf("%w (run from the project's folder)", err)
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(modfile), 0o755); err != nil {
		return err
	}
	mod = fmt.Appendf(mod, "\n// Written by cmd/ebitenpatch: the page is built with its copy of Ebitengine.\nreplace %s => %s\n", module, copyDir)
	if err := os.WriteFile(modfile, mod, 0o644); err != nil {
		return err
	}
	return os.WriteFile(strings.TrimSuffix(modfile, ".mod")+".sum", sum, 0o644)
}

// patchUI applies uiPatches to ui_js.go and adds the parking loop beside it.
func patchUI(dir string) error {
	if err := replaceExact(filepath.Join(dir, "ui_js.go"), uiPatches); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "quintet_park_js.go"), []byte(parkSource), 0o644)
}

// replaceExact replaces in the file at path each patch's text, which must be there
// exactly once, by its replacement.
func replaceExact(path string, patches [][2]string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	for _, p := range patches {
		if strings.Count(s, p[0]) != 1 {
			return fmt.Errorf("%s: %q is not there once", path, p[0])
		}
		s = strings.Replace(s, p[0], p[1], 1)
	}
	return os.WriteFile(path, []byte(s), 0o644)
}

// patchBuiltinShader replaces the template in builtinshader's shader.go by the sources
// it makes, written out as string literals.
func patchBuiltinShader(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	cut := func(from, to string) (before, between, after string, err error) {
		i := strings.Index(s, from)
		if i < 0 {
			return "", "", "", fmt.Errorf("%s: no %q", path, from)
		}
		j := strings.Index(s[i+len(from):], to)
		if j < 0 {
			return "", "", "", fmt.Errorf("%s: no %q after %q", path, to, from)
		}
		return s[:i], s[i+len(from) : i+len(from)+j], s[i+len(from)+j+len(to):], nil
	}
	_, text, _, err := cut("template.New(\"tmpl\").Parse(`", "`))\n")
	if err != nil {
		return err
	}
	tmpl, err := template.New("tmpl").Parse(text)
	if err != nil {
		return err
	}
	const (
		filters   = 2 // FilterNearest, FilterLinear
		addresses = 3 // AddressUnsafe, AddressClampToZero, AddressRepeat
	)
	var table strings.Builder
	table.WriteString("var sources = [FilterCount][AddressCount][2]string{\n")
	for f := 0; f < filters; f++ {
		table.WriteString("\t{\n")
		for a := 0; a < addresses; a++ {
			table.WriteString("\t\t{")
			for _, colorM := range []bool{false, true} {
				var buf strings.Builder
				// The data of ShaderSource's tmpl.Execute.
				err := tmpl.Execute(&buf, struct {
					Filter, FilterNearest, FilterLinear                       int
					Address, AddressUnsafe, AddressClampToZero, AddressRepeat int
					UseColorM                                                 bool
				}{f, 0, 1, a, 0, 1, 2, colorM})
				if err != nil {
					return err
				}
				fmt.Fprintf(&table, "%q, ", buf.String())
			}
			table.WriteString("},\n")
		}
		table.WriteString("\t},\n")
	}
	table.WriteString("}\n\n")

	before, _, after, err := cut("var (\n\tshaders  [FilterCount]", "var ScreenShaderSource")
	if err != nil {
		return err
	}
	s = before + `// sources are the built-in shaders' sources, made from Ebitengine's template by quintet's
// cmd/ebitenpatch (text/template stays out of the page).
` + table.String() + `// ShaderSource returns the built-in shader source based on the given parameters.
func ShaderSource(filter Filter, address Address, useColorM bool) []byte {
	var c int
	if useColorM {
		c = 1
	}
	return []byte(sources[filter][address][c])
}

var ScreenShaderSource` + after
	const imports = "import (\n\t\"bytes\"\n\t\"fmt\"\n\t\"sync\"\n\t\"text/template\"\n)\n"
	if !strings.Contains(s, imports) {
		return errors.New(path + ": its imports are not those this patch knows")
	}
	out, err := format.Source([]byte(strings.Replace(s, imports, "", 1)))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, out, 0o644)
}
