/**
 * Lesson 13's agent: the previous lesson's parts, with tools from other processes — MCP servers
 * the person configured and trusts.
 *
 *   .mcp.json ── approved? ──► node servers/issues.mjs  ◄── MCP over stdin/stdout ──►  mcp__issues__list_issues
 *   the model calls mcp__issues__create_issue ──► s03 asks (it changes things) ──► the server runs it
 *   the server crashes ──► the call's result says so, /mcp says failed, the session goes on
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s12";
import { mcp } from "./mcp/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, mcp];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
