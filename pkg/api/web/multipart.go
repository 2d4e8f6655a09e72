package web

import (
	"mime/multipart"
	"net/http"

	"github.com/festivalapi/festival/pkg/domain/apperr"
)

// Multipart opens a multipart/form-data body for streaming, part by part: a
// film is never held in memory (ParseMultipartForm would buffer it).
func Multipart(r *http.Request) (*multipart.Reader, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, apperr.E(apperr.Invalid, "Le corps de la requête doit être de type multipart/form-data")
	}
	return mr, nil
}
