// review.go: reviewing a recorded game, and watching the games of an arena file.

package web

import "net/http"

func (s *Server) handleReview(w http.ResponseWriter, r *http.Request) {
	fail(w, http.StatusNotImplemented, "not yet")
}

func (s *Server) handleWatch(w http.ResponseWriter, r *http.Request) {
	fail(w, http.StatusNotImplemented, "not yet")
}
