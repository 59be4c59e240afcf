module github.com/surakarta-go/surakarta

go 1.25.0

require github.com/google/go-cmp v0.7.0

require (
	golang.org/x/exp v0.0.0-20260727155853-b88d891fe743 // indirect
	golang.org/x/mod v0.40.0 // indirect
	golang.org/x/sync v0.22.0 // indirect
	golang.org/x/tools v0.49.0 // indirect
)

tool golang.org/x/exp/cmd/apidiff
