package session

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The codec: how the session's answers reach JavaScript. The WebAssembly
// program hands the page every answer as the JSON text that Encode
// writes, which its worker decodes with JSON.parse; the page's scripts
// read the fields by the names of the json tags of this package's types
// (State's "sideToMove", Path's "points", …), the names that
// testdata/messages.txt lists, so that a field renamed in Go fails a test
// instead of the page.

// Encode returns v as JSON text, as encoding/json writes it without its
// escapes for HTML, but for three things: a nil slice is an empty array,
// which the page reads as it reads any list (encoding/json writes null); a
// number that is not finite is null, as JavaScript's JSON.stringify writes
// it (encoding/json fails); and the options of the tags are not read: the
// page reads every field, so its messages have no omitempty. A struct is
// an object of its exported fields in their order, each under the name of
// its json tag (its Go name without one, left out with "-"); a map, whose
// keys must be strings, an object in the order of its keys; a nil pointer
// or interface null. Anything else (a channel, a function, an embedded
// struct) panics: it would reach the page as nothing it reads.
//
// It is not encoding/json because that package would make the WebAssembly
// program 284 KB larger (66 KB gzipped): it writes a State in half the
// time natively, but a state update takes as long in the page. It writes
// JSON rather than build JavaScript values through syscall/js because
// that crosses from WebAssembly to JavaScript once a value, which made
// each state update five to seven times as long (the repository's
// experiments/docs/browser-runs.md has the runs).
func Encode(v any) string {
	e := encoder{buf: make([]byte, 0, 8<<10)} // a state of the middle game takes 6 KB
	e.value(reflect.ValueOf(v))
	return string(e.buf)
}

// encoder is one call of Encode: the text written so far, and the fields
// of the struct types met.
type encoder struct {
	buf    []byte
	fields map[reflect.Type][]field // fieldsOf's
}

func (e *encoder) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Invalid:
		e.buf = append(e.buf, "null"...)
	case reflect.String:
		e.string(v.String())
	case reflect.Bool:
		e.buf = strconv.AppendBool(e.buf, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.buf = strconv.AppendInt(e.buf, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		e.buf = strconv.AppendUint(e.buf, v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		e.float(v.Float(), v.Type().Bits())
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			e.buf = append(e.buf, "null"...)
			return
		}
		e.value(v.Elem())
	case reflect.Slice, reflect.Array:
		e.buf = append(e.buf, '[')
		for i := range v.Len() {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			e.value(v.Index(i))
		}
		e.buf = append(e.buf, ']')
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			panic(fmt.Sprintf("session.Encode: a map with keys of type %v", v.Type().Key()))
		}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		e.buf = append(e.buf, '{')
		for i, k := range keys {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			e.string(k.String())
			e.buf = append(e.buf, ':')
			e.value(v.MapIndex(k))
		}
		e.buf = append(e.buf, '}')
	case reflect.Struct:
		e.buf = append(e.buf, '{')
		for i, f := range e.fieldsOf(v.Type()) {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			e.buf = append(e.buf, f.key...)
			e.value(v.Field(f.index))
		}
		e.buf = append(e.buf, '}')
	default:
		panic(fmt.Sprintf("session.Encode: a %v has no JSON form", v.Type()))
	}
}

// field is a field of a struct that Encode writes: its index, and its
// name as JSON writes a key, quoted and followed by a colon.
type field struct {
	index int
	key   string
}

// fieldsOf returns the fields of the struct type t that Encode writes,
// read from its tags once a call of Encode.
func (e *encoder) fieldsOf(t reflect.Type) []field {
	if f, ok := e.fields[t]; ok {
		return f
	}
	var out []field
	for i := range t.NumField() {
		if name, ok := fieldName(t.Field(i)); ok {
			var key encoder
			key.string(name)
			out = append(out, field{index: i, key: string(key.buf) + ":"})
		}
	}
	if e.fields == nil {
		e.fields = map[reflect.Type][]field{}
	}
	e.fields[t] = out
	return out
}

// fieldName returns the name under which Encode writes the field f, and
// false for a field it leaves out.
func fieldName(f reflect.StructField) (string, bool) {
	if f.Anonymous {
		panic(fmt.Sprintf("session.Encode: the embedded field %v (encoding/json would write its fields in its parent's)", f.Type))
	}
	if !f.IsExported() {
		return "", false
	}
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	switch name {
	case "-":
		return "", false
	case "":
		return f.Name, true
	}
	return name, true
}

// float writes f as encoding/json does, null when it is not finite.
func (e *encoder) float(f float64, bits int) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		e.buf = append(e.buf, "null"...)
		return
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21)) {
		format = 'e'
	}
	start := len(e.buf)
	e.buf = strconv.AppendFloat(e.buf, f, format, -1, bits)
	if format == 'e' {
		// 1e-07 as 1e-7, as encoding/json writes it.
		if n := len(e.buf); n-start >= 4 && e.buf[n-4] == 'e' && e.buf[n-3] == '-' && e.buf[n-2] == '0' {
			e.buf[n-2] = e.buf[n-1]
			e.buf = e.buf[:n-1]
		}
	}
}

// string writes s as a JSON string as encoding/json does: the quote, the
// backslash, the control characters and U+2028 and U+2029 escaped, and
// each byte that is not UTF-8 as U+FFFD (but <, > and &, which
// encoding/json escapes for HTML, as they are).
func (e *encoder) string(s string) {
	e.buf = append(e.buf, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			e.buf = append(e.buf, s[start:i]...)
			switch b {
			case '"', '\\':
				e.buf = append(e.buf, '\\', b)
			case '\b':
				e.buf = append(e.buf, '\\', 'b')
			case '\f':
				e.buf = append(e.buf, '\\', 'f')
			case '\n':
				e.buf = append(e.buf, '\\', 'n')
			case '\r':
				e.buf = append(e.buf, '\\', 'r')
			case '\t':
				e.buf = append(e.buf, '\\', 't')
			default:
				e.buf = append(e.buf, `\u00`...)
				e.buf = append(e.buf, "0123456789abcdef"[b>>4], "0123456789abcdef"[b&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			e.buf = append(e.buf, s[start:i]...)
			e.buf = append(e.buf, `\ufffd`...)
			start = i + size
		case r == '\u2028' || r == '\u2029':
			e.buf = append(e.buf, s[start:i]...)
			e.buf = append(e.buf, `\u202`...)
			e.buf = append(e.buf, "0123456789abcdef"[r&0xf])
			start = i + size
		}
		i += size
	}
	e.buf = append(e.buf, s[start:]...)
	e.buf = append(e.buf, '"')
}
