package festival

// LanguageCode is a language a film is spoken or subtitled in, or a juror
// understands: an ISO 639-1 code, lower case ("fr", "en", "es").
type LanguageCode string
