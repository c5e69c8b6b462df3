enum _PlaceholderRestCore {}
