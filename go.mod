module github.com/surakarta-go/surakarta

go 1.26
