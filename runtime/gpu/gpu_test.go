package gpu

import "testing"

type fakeBackend struct{ n int }

func (fakeBackend) Type() string       { return "fake" }
func (f fakeBackend) DeviceCount() int { return f.n }

func TestRegistry(t *testing.T) {
	if Compiled("fake") || DeviceCount("fake") != 0 {
		t.Fatal("a backend that was never registered is visible")
	}
	Register(fakeBackend{n: 2})
	if !Compiled("fake") || DeviceCount("fake") != 2 {
		t.Fatalf("Compiled=%v DeviceCount=%d after Register", Compiled("fake"), DeviceCount("fake"))
	}
	if Compiled("cuda") {
		t.Fatal("the default build has no CUDA backend")
	}
}
