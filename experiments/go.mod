// The match records, the programs that make the docs' tables from them and
// the patches of the experiments not adopted live in a module of their
// own, so that they stay out of the zip of github.com/surakarta-go/surakarta
// that importers download, and out of the library's go test ./....
module github.com/surakarta-go/surakarta/experiments

go 1.25.0

require github.com/surakarta-go/surakarta v0.0.0

replace github.com/surakarta-go/surakarta => ../
