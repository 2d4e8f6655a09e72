package texts

// The media pipeline: the settings of the checks, the job's failures, the
// holding back of a refused film.
const (
	MediaChecksShape   = "Le paramètre media_checks doit être un objet {\"vérification\": \"refuse\", \"warn\" ou \"off\"} ; vérifications : unplayable, no_video, shorter, subtitles_short, subtitles_broken, subtitles_language"
	UnknownMediaCheck  = "Vérification inconnue dans media_checks : %q (valeurs possibles : unplayable, no_video, shorter, subtitles_short, subtitles_broken)"
	UnknownCheckAction = "Action inconnue %q pour la vérification %s de media_checks (valeurs possibles : refuse, warn, off)"
	// MediaRefused answers an assignment of a jury to a film whose file a
	// check refused (409), with the check's reasons.
	MediaRefused = "Ce film ne peut pas recevoir de jury tant que son fichier n'est pas remplacé : %s"
	// MediaJobFailed is the failure kept after the job's last attempt.
	MediaJobFailed = "La préparation de la diffusion a échoué : %s"
)
