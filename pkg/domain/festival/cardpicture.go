package festival

// CardPicture is the stored name of the picture a film's card shows: its
// poster (display_picture, which a submission without a poster fills with
// its first thumbnail), else its thumbnail; "" when it has neither.
func (m Movie) CardPicture() string {
	for _, name := range []*string{m.DisplayPicture, m.Thumbnail} {
		if name != nil && *name != "" {
			return *name
		}
	}
	return ""
}
