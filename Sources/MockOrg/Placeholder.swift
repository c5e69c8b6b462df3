enum _PlaceholderMockOrg {}
