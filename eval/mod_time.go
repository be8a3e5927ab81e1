package eval

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// The time module: the clocks (time, perf_counter, monotonic,
// process_time and their _ns forms), sleep (which Ctrl-C interrupts:
// it waits in short slices and polls), and the calendar functions
// gmtime, localtime, mktime, strftime, asctime and ctime with
// struct_time, as CPython 3.11 on Linux (glibc's strftime) gives them.

var (
	processStart = time.Now()
	structFields = []string{"tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec", "tm_wday", "tm_yday", "tm_isdst"}
)

var structTimeClass = &Class{Name: "time.struct_time"}

func init() {
	structTimeClass.Call = func(a *Args) Value {
		p := pyArgs(a, "struct_time", 0, "sequence")
		elems := iterate(p[0])
		if len(elems) < 9 {
			throw("TypeError", errStructTimeSeq, len(elems))
		}
		return &NamedTuple{TypeName: "time.struct_time", Fields: structFields, Elems: Tuple(elems[:9]), Type: structTimeClass}
	}
	classOf["struct_time"] = structTimeClass
}

func structTime(t time.Time, isdst int) *NamedTuple {
	wday := (int(t.Weekday()) + 6) % 7
	vals := []int{t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute(), t.Second(), wday, t.YearDay(), isdst}
	elems := make(Tuple, 9)
	for i, v := range vals {
		elems[i] = MakeInt(int64(v))
	}
	return &NamedTuple{TypeName: "time.struct_time", Fields: structFields, Elems: elems, Type: structTimeClass}
}

// timestampArg is a seconds argument of gmtime/localtime/ctime: None is
// now; a float is floored.
func timestampArg(v Value) time.Time {
	if v == nil || v == None {
		return time.Now()
	}
	var secs float64
	switch x := v.(type) {
	case Float:
		secs = math.Floor(float64(x))
	case Int, Bool:
		b := toIndexInt(x)
		if !b.IsInt64() {
			throw("OverflowError", errTimestampRange)
		}
		secs = float64(b.Int64())
	default:
		throw("TypeError", errTimeFuncArgType, TypeName(v))
	}
	if math.IsNaN(secs) {
		throw("ValueError", errNaNValue)
	}
	if secs > 1e17 || secs < -1e17 {
		throw("OverflowError", errTimestampRange)
	}
	return time.Unix(int64(secs), 0)
}

// tupleTime is a struct_time (or 9-tuple) as a time in loc.
func tupleTime(v Value, fn string, loc *time.Location) (time.Time, []int64) {
	var elems []Value
	switch x := v.(type) {
	case *NamedTuple:
		elems = x.Elems
	case Tuple:
		elems = x
	default:
		throw("TypeError", errStructTimeArg)
	}
	if len(elems) != 9 {
		throw("TypeError", errTimeTuple, fn)
	}
	f := make([]int64, 9)
	for i, e := range elems {
		n, ok := pyIndexOK(e)
		if !ok {
			throw("TypeError", errTimeFuncArgType, TypeName(e))
		}
		f[i] = n
	}
	return time.Date(int(f[0]), time.Month(f[1]), int(f[2]), int(f[3]), int(f[4]), int(f[5]), 0, loc), f
}

func timeFn(m map[string]Value, name, sig, doc string, fn func(a *Args) Value) {
	m[name] = &Builtin{Name: name, Sig: "time." + sig, Doc: doc, Module: "time", Fn: fn}
}

// sleepFor waits d, polling for Ctrl-C (and the session's limits).
func sleepFor(d time.Duration) {
	end := time.Now().Add(d)
	for {
		poll()
		left := time.Until(end)
		if left <= 0 {
			return
		}
		time.Sleep(min(left, 20*time.Millisecond))
	}
}

func init() {
	RegisterModule("time", func(s *Session) *Module {
		m := map[string]Value{}
		clock := func(name, doc string, f func() time.Duration) {
			timeFn(m, name, name+"()", doc+" (seconds, a float).", func(a *Args) Value {
				argCount(a, name, 0, 0)
				return Float(f().Seconds())
			})
			timeFn(m, name+"_ns", name+"_ns()", doc+" (nanoseconds, an int).", func(a *Args) Value {
				argCount(a, name+"_ns", 0, 0)
				return MakeInt(f().Nanoseconds())
			})
		}
		clock("time", "Returns the time since the Epoch", func() time.Duration { return time.Duration(time.Now().UnixNano()) })
		clock("perf_counter", "Returns a performance counter, for measuring short durations", func() time.Duration { return time.Since(processStart) })
		clock("monotonic", "Returns the value of a clock that cannot go backwards", func() time.Duration { return time.Since(processStart) })
		clock("process_time", "Returns the CPU time of the process", processCPUTime)
		clock("thread_time", "Returns the CPU time of the current thread", processCPUTime)
		timeFn(m, "sleep", "sleep(secs)", "Suspends execution for secs seconds (Ctrl-C interrupts it).", func(a *Args) Value {
			if len(a.Kw) > 0 {
				throw("TypeError", errTakesNoKw, "time.sleep")
			}
			if len(a.Pos) != 1 {
				throw("TypeError", errTakesOneArgExactly, "time.sleep", len(a.Pos))
			}
			var secs float64
			switch x := a.Pos[0].(type) {
			case Float:
				secs = float64(x)
				if math.IsNaN(secs) {
					throw("ValueError", errNaNValue)
				}
			default:
				n, ok := pyIndexOK(x)
				if !ok {
					throw("TypeError", errTimeFuncArgType, TypeName(x))
				}
				secs = float64(n)
			}
			if secs < 0 {
				throw("ValueError", errSleepNegative)
			}
			sleepFor(time.Duration(secs * float64(time.Second)))
			return None
		})
		timeFn(m, "gmtime", "gmtime([secs])", "Converts seconds since the Epoch to a struct_time in UTC.", func(a *Args) Value {
			argCount(a, "gmtime", 0, 1)
			var v Value
			if len(a.Pos) == 1 {
				v = a.Pos[0]
			}
			return structTime(timestampArg(v).UTC(), 0)
		})
		timeFn(m, "localtime", "localtime([secs])", "Converts seconds since the Epoch to a struct_time in local time.", func(a *Args) Value {
			argCount(a, "localtime", 0, 1)
			var v Value
			if len(a.Pos) == 1 {
				v = a.Pos[0]
			}
			t := timestampArg(v).Local()
			dst := 0
			if t.IsDST() {
				dst = 1
			}
			return structTime(t, dst)
		})
		timeFn(m, "mktime", "mktime(t)", "Converts a local-time struct_time to seconds since the Epoch.", func(a *Args) Value {
			unpackArgs(a, "mktime", 1, 1)
			t, _ := tupleTime(a.Pos[0], "mktime", time.Local)
			return Float(float64(t.Unix()))
		})
		timeFn(m, "strftime", "strftime(format[, t])", "Formats a struct_time (default: localtime()) as format says (%Y-%m-%d %H:%M:%S ...).", func(a *Args) Value {
			argCount(a, "strftime", 1, 2)
			f, ok := a.Pos[0].(Str)
			if !ok {
				throw("TypeError", errStrftimeArg1, TypeName(a.Pos[0]))
			}
			t := time.Now().Local()
			if len(a.Pos) == 2 {
				t, _ = tupleTime(a.Pos[1], "strftime", time.UTC)
			}
			return Str(strftime(string(f), t))
		})
		timeFn(m, "asctime", "asctime([t])", "Formats a struct_time as 'Thu Jan  1 00:00:00 1970'.", func(a *Args) Value {
			argCount(a, "asctime", 0, 1)
			t := time.Now().Local()
			if len(a.Pos) == 1 {
				t, _ = tupleTime(a.Pos[0], "asctime", time.UTC)
			}
			return Str(strftime("%a %b %e %H:%M:%S %Y", t))
		})
		timeFn(m, "ctime", "ctime([secs])", "Formats seconds since the Epoch as asctime does, in local time.", func(a *Args) Value {
			argCount(a, "ctime", 0, 1)
			var v Value
			if len(a.Pos) == 1 {
				v = a.Pos[0]
			}
			return Str(strftime("%a %b %e %H:%M:%S %Y", timestampArg(v).Local()))
		})
		m["struct_time"] = structTimeClass
		name, off := time.Now().Zone()
		m["timezone"] = MakeInt(int64(-off))
		m["altzone"] = MakeInt(int64(-off))
		m["daylight"] = MakeInt(0)
		m["tzname"] = Tuple{Str(name), Str(name)}
		return &Module{Name: "time", Origin: "(built-in)", Members: m}
	})
}

var (
	weekdays = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	months   = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// strftime is glibc's strftime in the C locale for the common directives
// (an unknown one is copied as it is).
func strftime(f string, t time.Time) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' || i+1 == len(f) {
			b.WriteByte(c)
			continue
		}
		i++
		h12 := t.Hour() % 12
		if h12 == 0 {
			h12 = 12
		}
		yearWeek := func(first time.Weekday) int {
			yd := t.YearDay() - 1
			wd := (int(t.Weekday()) - int(first) + 7) % 7
			return (yd + 7 - wd) / 7
		}
		switch f[i] {
		case 'a':
			b.WriteString(weekdays[t.Weekday()][:3])
		case 'A':
			b.WriteString(weekdays[t.Weekday()])
		case 'b', 'h':
			b.WriteString(months[t.Month()-1][:3])
		case 'B':
			b.WriteString(months[t.Month()-1])
		case 'c':
			b.WriteString(strftime("%a %b %e %H:%M:%S %Y", t))
		case 'C':
			fmt.Fprintf(&b, "%02d", t.Year()/100)
		case 'd':
			fmt.Fprintf(&b, "%02d", t.Day())
		case 'D', 'x':
			b.WriteString(strftime("%m/%d/%y", t))
		case 'e':
			fmt.Fprintf(&b, "%2d", t.Day())
		case 'F':
			b.WriteString(strftime("%Y-%m-%d", t))
		case 'G':
			y, _ := t.ISOWeek()
			fmt.Fprintf(&b, "%d", y)
		case 'H':
			fmt.Fprintf(&b, "%02d", t.Hour())
		case 'I':
			fmt.Fprintf(&b, "%02d", h12)
		case 'j':
			fmt.Fprintf(&b, "%03d", t.YearDay())
		case 'k':
			fmt.Fprintf(&b, "%2d", t.Hour())
		case 'l':
			fmt.Fprintf(&b, "%2d", h12)
		case 'm':
			fmt.Fprintf(&b, "%02d", int(t.Month()))
		case 'M':
			fmt.Fprintf(&b, "%02d", t.Minute())
		case 'n':
			b.WriteByte('\n')
		case 'p':
			b.WriteString(map[bool]string{true: "PM", false: "AM"}[t.Hour() >= 12])
		case 'P':
			b.WriteString(map[bool]string{true: "pm", false: "am"}[t.Hour() >= 12])
		case 'r':
			b.WriteString(strftime("%I:%M:%S %p", t))
		case 'R':
			b.WriteString(strftime("%H:%M", t))
		case 's':
			fmt.Fprintf(&b, "%d", t.Unix())
		case 'S':
			fmt.Fprintf(&b, "%02d", t.Second())
		case 't':
			b.WriteByte('\t')
		case 'T', 'X':
			b.WriteString(strftime("%H:%M:%S", t))
		case 'u':
			fmt.Fprintf(&b, "%d", (int(t.Weekday())+6)%7+1)
		case 'U':
			fmt.Fprintf(&b, "%02d", yearWeek(time.Sunday))
		case 'V':
			_, w := t.ISOWeek()
			fmt.Fprintf(&b, "%02d", w)
		case 'w':
			fmt.Fprintf(&b, "%d", int(t.Weekday()))
		case 'W':
			fmt.Fprintf(&b, "%02d", yearWeek(time.Monday))
		case 'y':
			fmt.Fprintf(&b, "%02d", t.Year()%100)
		case 'Y':
			fmt.Fprintf(&b, "%d", t.Year())
		case 'z':
			_, off := t.Zone()
			sign := '+'
			if off < 0 {
				sign, off = '-', -off
			}
			fmt.Fprintf(&b, "%c%02d%02d", sign, off/3600, off%3600/60)
		case 'Z':
			name, _ := t.Zone()
			if name == "UTC" && t.Location() == time.UTC {
				name = "GMT"
			}
			b.WriteString(name)
		case '%':
			b.WriteByte('%')
		default:
			b.WriteByte('%')
			b.WriteByte(f[i])
		}
	}
	return b.String()
}
