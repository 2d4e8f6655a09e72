package texts

import "fmt"

// Mail is every message the festival sends, in one place: its subject and
// its plain-text body, in French, signed with the festival's name. kind is a
// festival.MessageKind; params are the message's own (title, status, token);
// link is where the console is (a reset message links to it).
func Mail(kind string, params map[string]string, festival, firstName, link string) (subject, body string) {
	hello := "Bonjour,"
	if firstName != "" {
		hello = "Bonjour " + firstName + ","
	}
	sign := "\n\nÀ bientôt,\nL'équipe — " + festival + "\n"
	title := params["title"]
	switch kind {
	case "movie.received":
		return fmt.Sprintf("[%s] Film reçu : %s", festival, title),
			fmt.Sprintf("%s\n\nNous avons bien reçu votre film « %s ». Le comité de sélection l'examinera ; vous serez prévenu(e) de sa décision.%s", hello, title, sign)
	case "movie.status":
		decision := statusNews[params["status"]]
		return fmt.Sprintf("[%s] %s : %s", festival, title, decision.subject),
			fmt.Sprintf("%s\n\n%s%s", hello, fmt.Sprintf(decision.body, title), sign)
	case "jury.assigned":
		return fmt.Sprintf("[%s] Un film vous est confié : %s", festival, title),
			fmt.Sprintf("%s\n\nLe film « %s » vous a été attribué. Vous pouvez le regarder et le noter dans la console du festival : %s%s", hello, title, link, sign)
	case "jury.assignment":
		return fmt.Sprintf("[%s] %s film(s) vous sont confiés", festival, params["count"]),
			fmt.Sprintf("%s\n\nLes films suivants vous ont été attribués :\n%s\n\nVous pouvez les regarder et les noter dans la console du festival : %s#/jury%s", hello, params["titles"], link, sign)
	case "jury.reminder":
		return fmt.Sprintf("[%s] Rappel : %s film(s) à noter", festival, params["count"]),
			fmt.Sprintf("%s\n\nIl vous reste %s film(s) à noter%s. Retrouvez-les dans la console du festival : %s#/jury\n\nPour ne plus recevoir ces rappels, décochez-les dans « Mon compte ».%s",
				hello, params["count"], params["until"], link, sign)
	case "results.published":
		return fmt.Sprintf("[%s] Les résultats sont publiés", festival),
			fmt.Sprintf("%s\n\nLes résultats du festival sont publiés. Retrouvez la sélection et le palmarès : %s#/palmares%s", hello, link, sign)
	case "password.reset":
		return fmt.Sprintf("[%s] Réinitialisation de votre mot de passe", festival),
			fmt.Sprintf("%s\n\nPour choisir un nouveau mot de passe, ouvrez ce lien dans l'heure :\n%s#/mot-de-passe?jeton=%s\n\nSi vous n'avez rien demandé, ignorez ce message : votre mot de passe ne change pas.%s",
				hello, link, params["token"], sign)
	}
	return fmt.Sprintf("[%s] Notification", festival), hello + sign
}

var statusNews = map[string]struct{ subject, body string }{
	"selected": {"film sélectionné", "Bonne nouvelle : votre film « %s » est sélectionné par le festival."},
	"finalist": {"film finaliste", "Votre film « %s » est parmi les finalistes du festival."},
	"refused":  {"décision du comité", "Le comité de sélection n'a pas retenu votre film « %s » cette année. Merci de nous l'avoir confié."},
	"awarded":  {"film primé", "Félicitations : votre film « %s » est primé par le festival."},
}
