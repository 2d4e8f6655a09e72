package texts

// The festival's own form: its definition (PUT /settings/form) and the
// answers a film carries (submission, PUT /movies/:id/answers and the file
// answers' routes). Each refusal names the question: by its label once it
// has one, else by its place in the list.
const (
	FormTooManyQuestions = "Le formulaire compte au plus %d questions (reçu %d)"
	// FormQuestionNamed / FormQuestionAt prefix a refusal about one
	// question (its label, or its index when it has no label yet).
	FormQuestionNamed  = "Question « %s » : "
	FormQuestionAt     = "questions[%d].%s : "
	FormIDPattern      = "l'identifiant doit faire de 1 à %d caractères parmi a-z, 0-9 et _"
	FormIDTaken        = "l'identifiant %s est déjà celui d'une autre question"
	FormLabelLen       = "l'intitulé est requis, sur une ligne, %d caractères au plus"
	FormHelpLen        = "l'aide fait au plus %d caractères"
	FormKind           = "le type doit être l'un de : text, long_text, number, date, url, yes_no, choice, choices, file"
	FormVisibility     = "la visibilité doit être public, jury ou admins"
	FormCategory       = "la catégorie doit être 0 (tous les films) ou l'identifiant d'une catégorie"
	FormUnknownCat     = "la catégorie %d n'existe pas"
	FormChoicesOnly    = "seules les questions choice et choices ont des options"
	FormChoicesCount   = "une question à choix compte de %d à %d options"
	FormChoiceLen      = "chaque option fait de 1 à %d caractères, sur une ligne"
	FormChoiceTwice    = "l'option « %s » est en double"
	FormMinMaxOnly     = "seules les questions number ont un minimum et un maximum"
	FormMinMaxRange    = "le minimum et le maximum sont des nombres d'au plus %g en valeur absolue, le minimum au plus égal au maximum"
	FormRequiredFrom   = "required_from n'a de sens que pour une question requise (required: true)"
	FormRequiredFrozen = "required_from doit précéder frozen_from : une réponse exigée après le gel ne pourrait plus être donnée"
	FormVersionMoved   = "Le formulaire a été modifié entre-temps : rechargez-le avant de l'enregistrer"

	// Answers.
	AnswersNotObject   = "Le champ answers doit être un objet : identifiant de question → réponse"
	AnswerUnknown      = "Question inconnue : %s (le formulaire du festival ne la pose pas)"
	AnswerNotAsked     = "la question n'est pas posée aux films de ses catégories"
	AnswerText         = "la réponse est un texte d'une ligne de %d caractères au plus"
	AnswerLongText     = "la réponse est un texte de %d caractères au plus"
	AnswerNumber       = "la réponse est un nombre d'au plus %d décimales, d'au plus %g en valeur absolue"
	AnswerNumberMin    = "la réponse doit être au moins %g"
	AnswerNumberMax    = "la réponse doit être au plus %g"
	AnswerDate         = "la réponse est une date réelle au format AAAA-MM-JJ"
	AnswerURL          = "la réponse est une adresse http:// ou https:// de %d caractères au plus"
	AnswerYesNo        = "la réponse est true ou false (oui ou non dans un formulaire)"
	AnswerChoice       = "la réponse doit être l'une des options : %s"
	AnswerChoices      = "la réponse est une liste d'options distinctes parmi : %s"
	AnswerFileOnly     = "la réponse est un fichier : envoyez-le par la partie answer.%s du formulaire ou par PUT /movies/{id}/answers/%s"
	AnswerNotFile      = "la question n'attend pas de fichier"
	AnswerFrozen       = "la réponse est figée depuis le %s : seul un administrateur peut encore la changer"
	AnswersTooLarge    = "les réponses du film dépassent %d octets avec celle-ci"
	AnswerFileMissing  = "La partie file du formulaire est requise : un PDF ou une image JPEG, PNG ou WebP"
	AnswerNone         = "Ce film n'a pas de fichier en réponse à cette question"
	AnswersBodyMissing = "Le corps doit être {\"answers\": {identifiant: réponse ou null}}"
)

// The form's body (PUT /settings/form) and its query.
const (
	FormBodyMissing  = "Le corps doit être {\"questions\": [...]} : la liste des questions du formulaire (vide pour n'en poser aucune)"
	FormQuestionType = "questions[%d] : un champ a un type invalide (%s)"
	FormCategoryParm = "Paramètre category invalide (identifiant de catégorie, entier positif)"
)

// Answers' routes.
const (
	AnswersSaved     = "Réponses enregistrées"
	AnswerFileSaved  = "Fichier enregistré en réponse"
	AnswerFileGone   = "Réponse supprimée"
	AnswerHidden     = "Cette réponse n'est pas lisible pour vous"
	AnswerFileOneOf  = "un PDF ou une image JPEG, PNG ou WebP est attendu"
	AnswerPartFormat = "La partie %s ne nomme pas une question (answer.<identifiant>, identifiant de 1 à 40 caractères parmi a-z, 0-9 et _)"
)
