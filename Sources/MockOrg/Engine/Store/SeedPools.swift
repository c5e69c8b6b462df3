/// The word pools the seed generator draws from: ASCII, accented, CJK, right-to-left and emoji text.
/// Each name carries an ASCII handle for e-mail addresses.
enum SeedPools {
    static let firstNames: [(name: String, handle: String)] = [
        ("James", "james"), ("Mary", "mary"), ("José", "jose"), ("Zoë", "zoe"), ("François", "francois"),
        ("Søren", "soren"), ("Ngozi", "ngozi"), ("美咲", "misaki"), ("伟", "wei"), ("지민", "jimin"),
        ("محمد", "mohammed"), ("שרה", "sarah"), ("Ólafur", "olafur"), ("Björk", "bjork"), ("Łukasz", "lukasz"),
        ("Chloé", "chloe"), ("Renée", "renee"), ("Анна", "anna"), ("Priya", "priya"), ("Aiyana", "aiyana"),
        ("Liam", "liam"), ("Olivia", "olivia"), ("Noah", "noah"), ("Emma", "emma"), ("Mateo", "mateo"),
        ("Sofía", "sofia"), ("Hiroshi", "hiroshi"), ("Fatima", "fatima"), ("Dmitri", "dmitri"), ("Ana", "ana"),
        ("Kwame", "kwame"), ("Ingrid", "ingrid"), ("Raj", "raj"), ("Mei", "mei"), ("Lucas", "lucas"),
        ("Amélie", "amelie"), ("Zoltán", "zoltan"), ("Yusuf", "yusuf"), ("Sun ☀️", "sun"), ("Nguyễn Văn", "van"),
        ("Élodie", "elodie"), ("Ava", "ava"), ("Ethan", "ethan"), ("Isabella", "isabella"), ("Leila", "leila"),
    ]

    static let lastNames: [(name: String, handle: String)] = [
        ("Smith", "smith"), ("García", "garcia"), ("Müller", "muller"), ("Nguyễn", "nguyen"), ("山田", "yamada"),
        ("王", "wang"), ("김", "kim"), ("عبد الله", "abdullah"), ("כהן", "cohen"), ("O'Brien", "obrien"),
        ("Núñez", "nunez"), ("Kowalski", "kowalski"), ("Ødegaard", "odegaard"), ("Dubois", "dubois"),
        ("Çelik", "celik"), ("Bianchi", "bianchi"), ("Johnson", "johnson"), ("Williams", "williams"),
        ("Brown", "brown"), ("Lee", "lee"), ("Okafor", "okafor"), ("Rossi", "rossi"), ("Andersson", "andersson"),
        ("Jones", "jones"), ("Miller", "miller"), ("Davis", "davis"), ("Wilson", "wilson"), ("Taylor", "taylor"),
        ("Martin", "martin"), ("Thompson", "thompson"), ("Ivanova", "ivanova"), ("Sato", "sato"),
        ("Fernández", "fernandez"), ("Schröder", "schroder"), ("Patel", "patel"), ("Haddad", "haddad"),
        ("Rocket 🚀", "rocket"), ("Star 🌟", "star"), ("Li", "li"), ("Mendoza", "mendoza"), ("Kahananui", "kahananui"),
        ("Van der Berg", "vanderberg"), ("Łęcka", "lecka"), ("佐藤", "sato2"), ("Abara", "abara"),
    ]

    static let titles: [String] = [
        "CEO", "CFO", "VP, Sales", "Director of Operations", "Account Manager", "Software Engineer",
        "Chef de projet", "Directora de Ventas", "営業部長", "Procurement Lead", "Office Manager", "CTO",
        "مدير المبيعات", "Head of Marketing 📣", "Buyer", "Consultant",
    ]

    static let accountNames: [String] = [
        "Acme Corporation", "Globex", "Initech", "Umbrella Holdings", "Stark Industries", "Müller GmbH",
        "株式会社山田", "شركة النور", "Café Olé", "Wayne Enterprises", "Soylent", "Hooli", "Dunder Mifflin",
        "Ñandú Logística", "北京科技有限公司", "Øresund Shipping", "Rocket Labs 🚀", "Tyrell Corporation",
        "Cyberdyne Systems", "Vandelay Industries", "שיווק ישיר בע״מ", "Nakatomi Trading", "Zürich Partners",
    ]

    static let industries: [String] = [
        "Technology", "Manufacturing", "Retail", "Finance", "Healthcare", "Energy", "Media", "Transportation",
    ]

    static let cities: [(city: String, state: String?, country: String)] = [
        ("San Francisco", "CA", "USA"), ("New York", "NY", "USA"), ("Austin", "TX", "USA"),
        ("Montréal", "QC", "Canada"), ("Toronto", "ON", "Canada"), ("München", nil, "Germany"),
        ("東京", nil, "Japan"), ("São Paulo", "SP", "Brazil"), ("القاهرة", nil, "Egypt"),
        ("תל אביב", nil, "Israel"), ("Paris", nil, "France"), ("København", nil, "Denmark"),
        ("Lagos", nil, "Nigeria"), ("서울", nil, "South Korea"), ("Kraków", nil, "Poland"),
    ]

    static let streets: [String] = [
        "Market Street", "Main Street", "Rue de Rivoli", "Hauptstraße", "Avenida Paulista", "Broadway",
        "銀座通り", "Oak Avenue", "Calle Mayor", "King Street West",
    ]

    static let caseSubjects: [String] = [
        "Cannot log in", "Invoice is wrong", "Shipment delayed", "Feature request: dark mode",
        "Produit endommagé à la livraison", "配送の遅れ", "Password reset 🔑", "Billing address change",
        "Error 500 on checkout", "Refund request",
    ]

    static let caseStatuses: [String] = ["New", "Working", "Escalated", "Closed"]

    static let emailDomains: [String] = ["example.com", "example.org", "example.net", "mail.example.com"]
}
