// The match records live in a module of their own so that they stay out of
// the zip of github.com/surakarta-go/surakarta that importers download. It
// has no Go code and nothing imports it.
module github.com/surakarta-go/surakarta/experiments

go 1.25.0
