enum _PlaceholderContactList {}
