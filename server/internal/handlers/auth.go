package handlers

import (
	"context"
	"errors"
	"net/http"

	"github.com/surakarta-go/surakarta/server/internal/accounts"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// SessionCookie is the cookie that holds a session's token: HttpOnly, so
// that no script reads it, and SameSite=Lax, so that no other site's
// form or script sends it with a POST.
const SessionCookie = "surakarta_session"

func (s *Server) setSession(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: token, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies, MaxAge: int(s.cfg.Accounts.SessionTTL.Seconds())})
}

func (s *Server) clearSession(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies, MaxAge: -1})
}

func token(r *http.Request) string {
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return ""
	}
	return c.Value
}

// user returns the user of the request's session, ok false for none.
func (s *Server) user(r *http.Request) (store.User, bool) {
	u, err := s.cfg.Accounts.User(r.Context(), token(r))
	return u, err == nil
}

// player returns the user of the request's session, making a guest's
// account and session for a visitor without one.
func (s *Server) player(w http.ResponseWriter, r *http.Request) (store.User, error) {
	if u, ok := s.user(r); ok {
		return u, nil
	}
	if !s.allowNewAccount(r) {
		return store.User{}, errTooMany
	}
	u, tok, err := s.cfg.Accounts.Guest(r.Context())
	if err != nil {
		return store.User{}, err
	}
	s.setSession(w, tok)
	return u, nil
}

func (s *Server) registerPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "register.html", nil)
}

func (s *Server) loginPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "login.html", nil)
}

// register makes an account and logs it in.
func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	if !s.allowNewAccount(r) {
		s.fail(w, r, http.StatusTooManyRequests, errTooMany)
		return
	}
	name, password := r.PostFormValue("name"), r.PostFormValue("password")
	if _, err := s.cfg.Accounts.Register(r.Context(), name, password); err != nil {
		s.authFailed(w, r, "register.html", name, err)
		return
	}
	s.loginAs(w, r, name, password)
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	s.loginAs(w, r, r.PostFormValue("name"), r.PostFormValue("password"))
}

// loginAs logs in with a new session (the old one, if any, ended).
func (s *Server) loginAs(w http.ResponseWriter, r *http.Request, name, password string) {
	u, tok, err := s.cfg.Accounts.Login(r.Context(), addr(r), name, password)
	if err != nil {
		s.authFailed(w, r, "login.html", name, err)
		return
	}
	_ = s.cfg.Accounts.Logout(context.WithoutCancel(r.Context()), token(r))
	s.setSession(w, tok)
	if wantsJSON(r) {
		writeJSON(w, http.StatusOK, map[string]any{"id": u.ID, "name": u.Name})
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (s *Server) authFailed(w http.ResponseWriter, r *http.Request, page, name string, err error) {
	status := statusOf(err)
	if wantsJSON(r) || status >= 500 {
		s.fail(w, r, status, err)
		return
	}
	msg := err.Error()
	if errors.Is(err, store.ErrNameTaken) {
		msg = "That name is taken."
	}
	w.WriteHeader(status)
	s.render(w, r, page, map[string]any{"Error": msg, "Name": name})
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	_ = s.cfg.Accounts.Logout(r.Context(), token(r))
	s.clearSession(w)
	if wantsJSON(r) {
		writeJSON(w, http.StatusOK, map[string]any{})
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// me answers who the session is: {"id", "name", "kind"}, or 401.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	u, ok := s.user(r)
	if !ok {
		s.fail(w, r, http.StatusUnauthorized, accounts.ErrNoSession)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": u.ID, "name": u.Name, "kind": u.Kind, "rating": u.Rating})
}
