//! A small PGN reader for the match runner's output: tags, move numbers,
//! comments, coordinate moves (Tris moves included) and the result.
#![allow(dead_code)]

/// One game: its tags, its moves as written, its result token.
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Every game of `text`; panics on movetext before tags or a game without
/// a result.
pub fn parse_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut current: Option<PgnGame> = None;
    let mut in_comment = false;
    for line in text.lines() {
        if let Some(tag) = line.strip_prefix('[') {
            let (k, v) = tag.trim_end_matches(']').split_once(' ').unwrap();
            let g = current.get_or_insert_with(|| PgnGame {
                tags: Vec::new(),
                moves: Vec::new(),
                result: String::new(),
            });
            g.tags
                .push((k.to_string(), v.trim_matches('"').to_string()));
            continue;
        }
        for token in line.split_whitespace() {
            if in_comment || token.starts_with('{') {
                in_comment = !token.ends_with('}');
                continue;
            }
            if token.ends_with('.') {
                continue;
            }
            let g = current.as_mut().expect("movetext after tags");
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
                g.result = token.to_string();
                games.push(current.take().unwrap());
            } else {
                g.moves.push(token.to_string());
            }
        }
    }
    assert!(current.is_none(), "unterminated game");
    games
}
