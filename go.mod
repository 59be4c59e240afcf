module github.com/surakarta-go/surakarta

go 1.26.0

require github.com/google/go-cmp v0.7.0

require (
	golang.org/x/exp v0.0.0-20261014143641-f0251eb4aa3e // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

tool golang.org/x/exp/cmd/apidiff
