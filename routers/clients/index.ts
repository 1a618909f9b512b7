import { router } from "../builders.ts";
import { createClient } from "./create-client.ts";
import { deleteClient } from "./delete-client.ts";
import { getClient } from "./get-client.ts";
import { listClients } from "./list-clients.ts";
import { updateClient } from "./update-client.ts";

export const clientsRouter = router({
  list: listClients,
  get: getClient,
  create: createClient,
  update: updateClient,
  delete: deleteClient,
});
