package eval

// LibState returns what a library keeps for this session under key (its
// Python parts once loaded, its per-session modules), made by mk on first
// use. The state lives on the session and goes with it: a global table
// keyed by session would keep every session ever made, and all its
// variables, alive (tests, `tensh check`, the notebook's restarts and the
// server make many sessions in one process).
func (s *Session) LibState(key any, mk func() any) any {
	s.libMu.Lock()
	defer s.libMu.Unlock()
	if v, ok := s.libState[key]; ok {
		return v
	}
	if s.libState == nil {
		s.libState = map[any]any{}
	}
	v := mk()
	s.libState[key] = v
	return v
}
