//! The search tree of one MCTS worker: nodes in a preallocated arena, children of a node in
//! one contiguous block, chance nodes with one child per outcome and its exact weight.
//!
//! Information sets: each iteration starts from `Game::determinize` of the root, and all
//! determinizations share the tree (a node stands for the actions that lead to it). Once a
//! determinization has differed from the root, the state behind a node may differ from the one
//! it was expanded in (another combat result, enemy units elsewhere). From then on a node holds
//! variants: the node itself and a chain of nodes for the same actions, each expanded in a state
//! of another kind (another actor, other chance outcomes); the descent goes through the variant
//! that fits the iteration's state (a new one if none does) and follows only the children that
//! are legal in that state. The node itself keeps the statistics of all its variants, which its
//! parent's selection reads.

use super::rollout::{finished, rollout, Buffers};
use super::{ChanceMode, MctsConfig};
use crate::bots::Bot;
use crate::engine::{Actor, Game, GameRng};
use rand::Rng;

const NONE: u32 = u32::MAX;

/// Who acts at a node: a player's index, or one of these.
const CHANCE: u8 = 254;
const TERMINAL: u8 = 253;
const UNKNOWN: u8 = 255;

#[derive(Clone, Copy, Debug)]
pub struct Node<A> {
    /// The action that leads here from the parent (`None` at the root).
    pub action: Option<A>,
    pub parent: u32,
    /// First child and number of children (0 until expanded).
    pub first_child: u32,
    pub children: u32,
    /// Who acts in this node's state (a player index, CHANCE, TERMINAL, UNKNOWN before expansion).
    pub actor: u8,
    /// Probability weight of this outcome if the parent is a chance node.
    pub weight: u32,
    pub visits: u32,
    /// Sum of each player's rewards over the visits.
    pub reward: [f32; 2],
    /// The next variant of this node (information sets: the same actions, a state of another
    /// kind), or `NONE`.
    pub variant: u32,
}

impl<A> Node<A> {
    fn new(action: Option<A>, parent: u32, weight: u32) -> Self {
        Node {
            action,
            parent,
            first_child: NONE,
            children: 0,
            actor: UNKNOWN,
            weight,
            visits: 0,
            reward: [0.0; 2],
            variant: NONE,
        }
    }

    fn expanded(&self) -> bool {
        self.actor != UNKNOWN
    }
}

/// One tree with its root state and reusable buffers.
pub struct Tree<G: Game> {
    pub nodes: Vec<Node<G::Action>>,
    pub root_state: Option<G::State>,
    buffers: Buffers<G>,
    path: Vec<u32>,
    spare: Vec<Node<G::Action>>,
    /// A determinization has differed from the root: the states behind a node may differ.
    determinized: bool,
}

/// A node's actor code for an actor.
fn actor_code(a: Actor) -> u8 {
    match a {
        Actor::Terminal => TERMINAL,
        Actor::Chance => CHANCE,
        Actor::Player(p) => p as u8,
    }
}

impl<G: Game> Tree<G> {
    pub fn new(capacity: usize) -> Self {
        Tree {
            nodes: Vec::with_capacity(capacity),
            root_state: None,
            buffers: Buffers::new(),
            path: Vec::with_capacity(256),
            spare: Vec::with_capacity(capacity),
            determinized: false,
        }
    }

    /// Starts afresh at state `s`.
    pub fn reset(&mut self, s: &G::State) {
        self.nodes.clear();
        self.nodes.push(Node::new(None, NONE, 0));
        self.root_state = Some(s.clone());
    }

    /// Moves the root along `actions` keeping the subtree below, if the tree has them and they
    /// lead to `s`; otherwise starts afresh at `s`.
    pub fn advance(&mut self, game: &G, actions: &[G::Action], s: &G::State) {
        let Some(mut state) = self.root_state.clone() else {
            return self.reset(s);
        };
        let mut node = 0u32;
        for &a in actions {
            if self.determinized {
                match self.fitting(game, node, &state, false) {
                    Some(v) => node = v,
                    None => return self.reset(s),
                }
            }
            let n = &self.nodes[node as usize];
            let found = (n.first_child..n.first_child.saturating_add(n.children))
                .find(|&c| self.nodes[c as usize].action == Some(a));
            match found {
                Some(c) if n.expanded() => node = c,
                _ => return self.reset(s),
            }
            game.apply(&mut state, a);
        }
        if state != *s {
            return self.reset(s);
        }
        if self.determinized {
            // The root's children must be exactly the state's actions.
            match self.fitting(game, node, &state, true) {
                Some(v) => node = v,
                None => return self.reset(s),
            }
        }
        self.reroot(node);
        self.root_state = Some(state);
    }

    /// Whether the expanded `node` fits state `s`: the same actor; at a chance node the same
    /// outcomes with the same weights; at a decision node children that are exactly the state's
    /// actions (`exact`), or at least one of them legal. Fills the `legal` or `chance` buffer.
    fn fits(&mut self, game: &G, node: u32, s: &G::State, exact: bool) -> bool {
        let n = self.nodes[node as usize];
        if actor_code(game.actor(s)) != n.actor {
            return false;
        }
        let children = &self.nodes[n.first_child as usize..(n.first_child + n.children) as usize];
        match n.actor {
            TERMINAL => true,
            CHANCE => {
                game.chance_outcomes(s, &mut self.buffers.chance);
                self.buffers.chance.len() == children.len()
                    && self
                        .buffers
                        .chance
                        .iter()
                        .zip(children)
                        .all(|(&(a, w), c)| c.action == Some(a) && c.weight == w)
            }
            _ => {
                game.legal_actions(s, &mut self.buffers.legal);
                let same = self.buffers.legal.len() == children.len()
                    && self
                        .buffers
                        .legal
                        .iter()
                        .zip(children)
                        .all(|(&a, c)| c.action == Some(a));
                same || !exact
                    && children
                        .iter()
                        .any(|c| self.buffers.legal.contains(&c.action.unwrap()))
            }
        }
    }

    /// The first variant of `node` that fits `s`, or `node` itself if it is not expanded.
    fn fitting(&mut self, game: &G, node: u32, s: &G::State, exact: bool) -> Option<u32> {
        let mut v = node;
        loop {
            if !self.nodes[v as usize].expanded() || self.fits(game, v, s, exact) {
                return Some(v);
            }
            v = self.nodes[v as usize].variant;
            if v == NONE {
                return None;
            }
        }
    }

    /// The variant of `node` that fits `s`: the first that does, or a new one at the end of the
    /// chain, not yet expanded.
    fn variant(&mut self, game: &G, node: u32, s: &G::State) -> u32 {
        if let Some(v) = self.fitting(game, node, s, false) {
            return v;
        }
        let mut last = node;
        while self.nodes[last as usize].variant != NONE {
            last = self.nodes[last as usize].variant;
        }
        let n = self.nodes[node as usize];
        let new = self.nodes.len() as u32;
        self.nodes.push(Node::new(n.action, n.parent, n.weight));
        self.nodes[last as usize].variant = new;
        new
    }

    /// Copies the subtree under `root` to the front of the arena (children stay contiguous).
    fn reroot(&mut self, root: u32) {
        if root == 0 {
            return;
        }
        let old = std::mem::take(&mut self.nodes);
        let mut new = std::mem::take(&mut self.spare);
        new.clear();
        let mut top = old[root as usize];
        top.parent = NONE;
        top.action = None;
        top.variant = NONE;
        new.push(top);
        // Breadth first: each copied node's children are copied as one block, and its next
        // variant after them.
        let mut i = 0;
        while i < new.len() {
            let n = new[i];
            // Every expanded node's child block moves, an empty one (a terminal node's) too: a
            // block left pointing into the old arena would lie past the end of the new one.
            if n.expanded() {
                let first = new.len() as u32;
                for c in n.first_child..n.first_child + n.children {
                    let mut child = old[c as usize];
                    child.parent = i as u32;
                    new.push(child);
                }
                new[i].first_child = first;
            }
            if n.variant != NONE {
                let mut v = old[n.variant as usize];
                v.parent = n.parent;
                new[i].variant = new.len() as u32;
                new.push(v);
            }
            i += 1;
        }
        self.spare = old;
        self.nodes = new;
    }

    /// Runs one iteration: select, expand, roll out, back up.
    pub fn iterate(
        &mut self,
        game: &G,
        config: &MctsConfig,
        viewer: usize,
        policy: &mut Option<Box<dyn Bot<G>>>,
        rng: &mut GameRng,
    ) {
        let root = self.root_state.as_ref().expect("tree has a root");
        let mut s = game.determinize(root, viewer, rng);
        self.determinized |= s != *root;
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let rewards = loop {
            if self.determinized {
                let v = self.variant(game, node, &s);
                if v != node {
                    self.path.push(v);
                    node = v;
                }
            }
            if !self.nodes[node as usize].expanded() {
                self.expand(game, node, &s);
                self.seed_prior(game, config, node, &s, policy, rng);
                let n = self.nodes[node as usize];
                if n.actor == TERMINAL {
                    break finished(game, config, &s);
                }
                if n.actor != CHANCE {
                    // A new decision node: take one untried child and roll out from there.
                    let pick = n.first_child + rng.random_range(0..n.children);
                    game.apply(
                        &mut s,
                        self.nodes[pick as usize].action.expect("child action"),
                    );
                    self.path.push(pick);
                    break rollout(game, config, s, policy, &mut self.buffers, rng);
                }
            }
            let n = self.nodes[node as usize];
            if n.actor == TERMINAL {
                break finished(game, config, &s);
            }
            let child = if n.actor == CHANCE {
                self.select_outcome(node, config.chance, rng)
            } else if self.determinized {
                // Only the children legal here (`variant` filled `self.buffers.legal` for `s`).
                let legal = &self.buffers.legal;
                let same = legal.len() == n.children as usize
                    && (n.first_child..n.first_child + n.children)
                        .zip(legal)
                        .all(|(c, &a)| self.nodes[c as usize].action == Some(a));
                let allowed = |a: &G::Action| same || legal.contains(a);
                self.select_uct(node, usize::from(n.actor), config.exploration, allowed)
                    .expect("a fitting variant has a legal child")
            } else {
                self.select_uct(node, usize::from(n.actor), config.exploration, |_| true)
                    .expect("a decision node has children")
            };
            game.apply(
                &mut s,
                self.nodes[child as usize].action.expect("child action"),
            );
            self.path.push(child);
            node = child;
        };
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.reward[0] += rewards[0];
            n.reward[1] += rewards[1];
        }
    }

    fn expand(&mut self, game: &G, node: u32, s: &G::State) {
        let first = self.nodes.len() as u32;
        let actor = match game.actor(s) {
            Actor::Terminal => TERMINAL,
            Actor::Chance => {
                game.chance_outcomes(s, &mut self.buffers.chance);
                for &(a, w) in &self.buffers.chance {
                    self.nodes.push(Node::new(Some(a), node, w));
                }
                CHANCE
            }
            Actor::Player(p) => {
                game.legal_actions(s, &mut self.buffers.legal);
                for &a in &self.buffers.legal {
                    self.nodes.push(Node::new(Some(a), node, 0));
                }
                p as u8
            }
        };
        let children = self.nodes.len() as u32 - first;
        let n = &mut self.nodes[node as usize];
        n.actor = actor;
        n.first_child = first;
        n.children = children;
    }

    /// Prior knowledge: the rollout policy's own choice at a new decision node starts with
    /// `prior_visits` virtual visits worth a small edge, so the search begins from the
    /// doctrine's move and leaves it only for one it finds better.
    fn seed_prior(
        &mut self,
        game: &G,
        config: &MctsConfig,
        node: u32,
        s: &G::State,
        policy: &mut Option<Box<dyn Bot<G>>>,
        rng: &mut GameRng,
    ) {
        let n = self.nodes[node as usize];
        let (Some(bot), true) = (policy.as_mut(), config.prior_visits > 0) else {
            return;
        };
        if n.actor == CHANCE || n.actor == TERMINAL || n.children < 2 {
            return;
        }
        let preferred = bot.choose(game, s, rng);
        let k = config.prior_visits as f32;
        for i in n.first_child..n.first_child + n.children {
            let child = &mut self.nodes[i as usize];
            if child.action == Some(preferred) {
                let me = usize::from(n.actor);
                child.visits += config.prior_visits;
                child.reward[me] += 0.6 * k;
                child.reward[1 - me] += 0.4 * k;
            }
        }
    }

    /// The visits of `node` as the variant it is: its children's, once determinizations differ
    /// (the node's own count also holds its other variants' visits), else its own.
    fn own_visits(&self, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        if !self.determinized {
            return n.visits;
        }
        (n.first_child..n.first_child + n.children)
            .map(|c| self.nodes[c as usize].visits)
            .sum()
    }

    /// UCT: the child with the best mean reward for the acting player plus the exploration
    /// bonus; an unvisited child first; among the `allowed` children (`None`: none is).
    fn select_uct(
        &self,
        node: u32,
        player: usize,
        c: f32,
        allowed: impl Fn(&G::Action) -> bool,
    ) -> Option<u32> {
        let n = &self.nodes[node as usize];
        let log_n = (self.own_visits(node).max(1) as f32).ln();
        let mut best = None;
        for i in n.first_child..n.first_child + n.children {
            let ch = &self.nodes[i as usize];
            if !allowed(&ch.action.expect("child action")) {
                continue;
            }
            if ch.visits == 0 {
                return Some(i);
            }
            let v = ch.visits as f32;
            let score = ch.reward[player] / v + c * (log_n / v).sqrt();
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// A chance node's child: drawn by weight (`Sampled`), or the outcome furthest below its
    /// share of the visits (`Exact`: stratified, the visits follow the exact distribution).
    fn select_outcome(&self, node: u32, mode: ChanceMode, rng: &mut GameRng) -> u32 {
        let n = self.nodes[node as usize];
        let visits = self.own_visits(node);
        let range = n.first_child..n.first_child + n.children;
        match mode {
            ChanceMode::Sampled => {
                let total: u32 = range.map(|i| self.nodes[i as usize].weight).sum();
                let mut pick = rng.random_range(0..total);
                for i in n.first_child..n.first_child + n.children {
                    let w = self.nodes[i as usize].weight;
                    if pick < w {
                        return i;
                    }
                    pick -= w;
                }
                n.first_child
            }
            ChanceMode::Exact => {
                // Ties (every outcome of a fresh node) are broken at random: a fixed choice
                // would replay the same outcome forever where a roll can repeat (initiative
                // ties are rolled again, 5.1).
                let total: u32 = range.clone().map(|i| self.nodes[i as usize].weight).sum();
                let parent = (visits + 1) as f32;
                let mut best = (f32::MIN, n.first_child, 0u32);
                for i in range {
                    let ch = &self.nodes[i as usize];
                    let deficit = parent * ch.weight as f32 / total as f32 - ch.visits as f32;
                    let tie: u32 = rng.random();
                    if deficit > best.0 || (deficit == best.0 && tie > best.2) {
                        best = (deficit, i, tie);
                    }
                }
                best.1
            }
        }
    }

    /// Visits and actions of the root's children.
    pub fn root_children(&self) -> impl Iterator<Item = (G::Action, u32, [f32; 2])> + '_ {
        let root = &self.nodes[0];
        let range = if root.expanded() {
            root.first_child..root.first_child + root.children
        } else {
            0..0
        };
        range.map(|i| {
            let n = &self.nodes[i as usize];
            (n.action.expect("child action"), n.visits, n.reward)
        })
    }
}
