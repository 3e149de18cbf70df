// A builder whose misspelt method (`withDialet`) is an error naming the one
// meant, not "is not a function": DrivemockContainer's options are its
// `with…` methods, and a JavaScript caller has no compiler to catch a typo.
"use strict";

const { DrivemockError } = require("./errors");
const { meant } = require("./options");

/** The `with…` method names of `object` and its prototypes. */
function builderMethods(object) {
  const names = new Set();
  for (let p = Object.getPrototypeOf(object); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const name of Object.getOwnPropertyNames(p)) if (name.startsWith("with")) names.add(name);
  }
  return [...names];
}

/**
 * `builder` behind a guard: reading a `with…` name it lacks throws a
 * DrivemockError (code "invalid_options") naming the method most likely
 * meant; its methods run on the builder itself (its private fields work) and
 * a method that returns the builder returns the guarded one, so a chain stays
 * guarded.
 */
function guardBuilder(builder, what) {
  const guarded = new Proxy(builder, {
    get(target, prop) {
      if (typeof prop === "string" && /^with[A-Z]/.test(prop) && !(prop in target)) {
        const guess = meant(prop, builderMethods(target));
        throw new DrivemockError(`${what} has no method ${prop}${guess ? `; did you mean ${guess}?` : ""}`, { code: "invalid_options" });
      }
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      return (...args) => {
        const result = value.apply(target, args);
        return result === target ? guarded : result;
      };
    },
  });
  return guarded;
}

module.exports = { guardBuilder };
