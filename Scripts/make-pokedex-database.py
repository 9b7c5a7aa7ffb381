#!/usr/bin/env python3
"""Builds Resources/pokedex.sqlite, the pre-populated database of lesson 05, from
Resources/pokemons.plist. The database is committed; run this only after changing either.

Schema (PRAGMA user_version = 1):
  species(code INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, icon TEXT NOT NULL)
  types(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE)
  species_types(species INTEGER NOT NULL REFERENCES species(code),
                type INTEGER NOT NULL REFERENCES types(id), PRIMARY KEY (species, type))

The types' ids follow the games' numbering (normal 1, fighting 2, flying 3, …), not their names'
order, as a real catalogue's would: a query that should list names alphabetically and forgets
ORDER BY then lists them by id, and a case can tell.
"""
import os
import plistlib
import sqlite3

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources")
with open(os.path.join(root, "pokemons.plist"), "rb") as source:
    pokedex = plistlib.load(source)

target = os.path.join(root, "pokedex.sqlite")
if os.path.exists(target):
    os.remove(target)
db = sqlite3.connect(target)
db.executescript("""
    CREATE TABLE species(code INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, icon TEXT NOT NULL);
    CREATE TABLE types(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE);
    CREATE TABLE species_types(
        species INTEGER NOT NULL REFERENCES species(code),
        type INTEGER NOT NULL REFERENCES types(id),
        PRIMARY KEY (species, type));
    PRAGMA user_version = 1;
""")
with db:
    for code in sorted(pokedex["names"]):
        db.execute("INSERT INTO species(code, name, icon) VALUES (?, ?, ?)",
                   (int(code), pokedex["names"][code], pokedex["icons"][code]))
    games_order = ["normal", "fighting", "flying", "poison", "ground", "rock", "bug", "ghost", "steel",
                   "fire", "water", "grass", "electric", "psychic", "ice", "dragon", "dark", "fairy"]
    assert set(pokedex["types"]) <= set(games_order), "a type the games' numbering does not list"
    for type_name in sorted(pokedex["types"], key=games_order.index):
        type_id = db.execute("INSERT INTO types(name) VALUES (?)", (type_name,)).lastrowid
        for code in pokedex["types"][type_name]:
            db.execute("INSERT INTO species_types(species, type) VALUES (?, ?)", (int(code), type_id))
db.execute("VACUUM")
db.close()
print(f"wrote {target}")
