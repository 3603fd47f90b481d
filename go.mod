module github.com/quintet-chess/quintet

go 1.26.8
